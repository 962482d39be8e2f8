/**
 * Thrown when an input to the payroll engine is malformed or impossible. `message` is Chinese and
 * names the field; `field` is the machine-readable path of the offending input (e.g.
 * `months[2].income`), so a caller can map it back to a form field or an import row.
 */
export class PayrollInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'PayrollInputError';
    this.field = field;
  }
}
