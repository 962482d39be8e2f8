import { ApiError } from '../../app/api/client.ts';

/**
 * The upload helper shows its own failures but rejects with a plain Error; as an ApiError the failure
 * counts as already shown, so useAction resolves it to undefined instead of rethrowing.
 */
export async function uploadShown<T>(upload: Promise<T>): Promise<T> {
  try {
    return await upload;
  } catch (e) {
    throw e instanceof ApiError ? e : new ApiError('setup', e instanceof Error ? e.message : String(e));
  }
}
