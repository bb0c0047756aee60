import { Grid } from '@chakra-ui/react';
import { DecimalField } from './number-fields';

type FieldProps = (name: string) => {
  name: string;
  value: string;
  onValueChange: (v: string) => void;
  error?: string;
  required?: boolean;
};

/**
 * Weight (kg) and the three dimensions (cm) of a parcel, typed the Brazilian way: text
 * inputs with a decimal keyboard, so '1,5' stays 1,5 (a number input drops the comma).
 */
export function ParcelMeasures({ field, weightLabel }: { field: FieldProps; weightLabel: string }) {
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
      <DecimalField label={weightLabel} placeholder="0,00" {...field('weight')} />
      <DecimalField label="Comprimento (cm)" placeholder="0,0" {...field('length')} />
      <DecimalField label="Largura (cm)" placeholder="0,0" {...field('width')} />
      <DecimalField label="Altura (cm)" placeholder="0,0" {...field('height')} />
    </Grid>
  );
}
