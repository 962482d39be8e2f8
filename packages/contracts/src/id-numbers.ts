/** Document numbers: resident ID cards (GB 11643-1999 check character), passports, HK/Macao/Taiwan passes. */

/** Upper-cased, spaces removed. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643-1999: the check character of the first 17 digits, or null when they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** Province-level codes (the first two digits); 8x are Hong Kong, Macao and Taiwan residence permits, 9x foreigners' permanent residence cards. */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

function todayIso(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** Why an 18-character resident ID number is wrong, or null when it is valid. */
export function chineseIdCardError(value: string, now: Date = new Date()): string | null {
  const s = normalizeIdNumber(value);
  if (!/^\d{17}[\dX]$/.test(s)) return '身份证号码格式不正确，应为18位';
  if (!PROVINCE_CODES.has(Number(s.slice(0, 2)))) return '身份证号码地区码不正确';
  const birth = `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`;
  if (!isValidIsoDate(birth) || birth > todayIso(now)) return '身份证号码中的出生日期不正确';
  if (idCardCheckChar(s.slice(0, 17)) !== s[17]) return '身份证号码校验位不正确';
  return null;
}

/** GB 11643-1999: 18 characters, a real birth date not in the future, and the right check character. */
export function isValidChineseIdCard(value: string, now: Date = new Date()): boolean {
  return chineseIdCardError(value, now) === null;
}

/** Birth date and gender (the 17th digit: odd 男 1, even 女 2) of a valid ID number; null otherwise. */
export function parseChineseIdCard(value: string, now: Date = new Date()): { birthDate: string; gender: 1 | 2 } | null {
  const s = normalizeIdNumber(value);
  if (!isValidChineseIdCard(s, now)) return null;
  return {
    birthDate: `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`,
    gender: Number(s[16]) % 2 === 1 ? 1 : 2,
  };
}

/** Passports: 5–17 letters and digits (Chinese passports E/G + 8 digits fit). */
export function isValidPassportNumber(value: string): boolean {
  return /^[A-Z0-9]{5,17}$/.test(normalizeIdNumber(value));
}

/**
 * 港澳居民来往内地通行证: H (Hong Kong) or M (Macao) + 8 or 10 digits; 台湾居民来往大陆通行证: 8 digits,
 * or 10 characters (10 digits, or a letter and 9 digits).
 */
export function isValidHkMacaoTaiwanPass(value: string): boolean {
  const s = normalizeIdNumber(value);
  return /^[HM](\d{8}|\d{10})$/.test(s) || /^\d{8}$/.test(s) || /^(\d{10}|[A-Z]\d{9})$/.test(s);
}

/** Why a document number is wrong for its type, or null when it is fine. */
export function identityDocumentError(idType: number, idNumber: string, now: Date = new Date()): string | null {
  switch (idType) {
    case 1:
      return chineseIdCardError(idNumber, now);
    case 2:
      return isValidPassportNumber(idNumber) ? null : '护照号码格式不正确，应为5至17位字母或数字';
    case 3:
      return isValidHkMacaoTaiwanPass(idNumber) ? null : '港澳台通行证号码格式不正确';
    default:
      return '证件类型取值无效';
  }
}
