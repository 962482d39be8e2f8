/**
 * Thrown when an input to the e-sign core is malformed or cannot be honoured (a character the
 * font cannot draw, a PDF that is not a PDF, a wrong certificate passphrase…). `message` is Chinese
 * and names the field; `field` is the machine-readable name of the offending input.
 */
export class EsignInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'EsignInputError';
    this.field = field;
  }
}

/**
 * The external time-stamping service failed (unreachable, refused, an answer that is not a valid
 * stamp of the digest). `message` is Chinese and says why; the signing does not go ahead.
 */
export class TsaUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TsaUnavailableError';
  }
}
