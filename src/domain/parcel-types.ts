/** The kinds of parcel, apart so the simulator on the home page does not load the catalogue. */
export const PARCEL_TYPES = ['documento', 'encomenda'] as const;
export const PARCEL_TYPE_OPTIONS = [
  { value: 'documento', label: 'Documento' },
  { value: 'encomenda', label: 'Encomenda' },
] as const;
