// The state (UF) a CEP belongs to, from the ranges the Correios give each state: known on the
// device with no signal, so an address form fills the UF as soon as the eight digits are typed
// and a UF that contradicts the CEP is caught before saving.
import type { STATE_CODES } from './states';

type StateCode = (typeof STATE_CODES)[number];

/** [first five digits, last five digits, UF], in CEP order. */
const RANGES: readonly [number, number, StateCode][] = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/** The UF of a CEP (typed with or without its dash), or null for one that is not eight digits or in no range. */
export function ufFromCep(cep: string): StateCode | null {
  const digits = String(cep).replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const head = Number(digits.slice(0, 5));
  const range = RANGES.find(([from, to]) => head >= from && head <= to);
  return range ? range[2] : null;
}

/** What is wrong when a UF contradicts its CEP ('Este CEP é de GO: confira a UF.'), or null. */
export function cepStateProblem(cep: string, uf: string): string | null {
  const expected = ufFromCep(cep);
  return expected && uf && uf !== expected ? `Este CEP é de ${expected}: confira a UF.` : null;
}
