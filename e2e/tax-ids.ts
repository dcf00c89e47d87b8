import { withCheckDigits } from '../packages/contract/src/validators/tax-id';

/** Tax ids with valid check digits (the contract's rule), different on every call, so journeys can be re-run. */
let sequence = 0;
function stamp(): string {
  sequence += 1;
  return `${Date.now()}${sequence}`.slice(-8);
}

export const uniqueCnpj = (): string => withCheckDigits(`${stamp()}0001`);
export const uniqueCpf = (): string => withCheckDigits(`9${stamp()}`);
