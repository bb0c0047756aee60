import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { TRACKING_STAGES } from '../../../domain';
import { PROMISES, SITUATIONS, type OfficeFilters } from '../../../domain/office-view';
import type { Driver } from '../shipments/drivers';

/**
 * The office list's search and filters (driver, stage, promise, city), how many shipments they
 * leave, and on a phone 'Selecionar todos' (a desk's table has its own box in its header).
 */
export function FilterBar({
  text,
  onText,
  onCommit,
  filters,
  onFilter,
  drivers,
  cities,
  count,
  filtered,
  selectAll,
  allSelected,
  onClear,
}: {
  /** The search as typed. */
  text: string;
  onText: (value: string) => void;
  /** Enter: the search goes into the address. */
  onCommit: () => void;
  filters: OfficeFilters;
  onFilter: (name: keyof OfficeFilters, value: string | undefined) => void;
  drivers: Driver[];
  cities: string[];
  /** Shipments listed with these filters. */
  count: number;
  filtered: boolean;
  /** Select (or unselect) every shipment listed; none on a desk. */
  selectAll?: () => void;
  allSelected: boolean;
  onClear: () => void;
}) {
  return (
    <Stack as="section" aria-label="Filtros" gap="3">
      <Field.Root>
        <Field.Label>Buscar por número, destinatário ou CEP</Field.Label>
        <Input
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && onCommit()}
        />
      </Field.Root>
      <FilterChoices
        driver={filters.driver}
        stage={filters.stage}
        promise={filters.promise}
        city={filters.city}
        onFilter={onFilter}
        drivers={drivers}
        cities={cities}
      />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" role="status">
          {count === 1 ? '1 remessa' : `${count} remessas`}
          {filtered ? ' com estes filtros' : ''}
          {filters.situation
            ? ` · ${SITUATIONS.find((s) => s.key === filters.situation)?.label}`
            : ''}
        </Text>
        <HStack gap="2">
          {selectAll && (
            <Button size="sm" variant="outline" onClick={selectAll}>
              {allSelected ? 'Desmarcar todos' : 'Selecionar todos'}
            </Button>
          )}
          {filtered && (
            <Button size="sm" variant="ghost" onClick={onClear}>
              Limpar filtros
            </Button>
          )}
        </HStack>
      </HStack>
    </Stack>
  );
}

/**
 * The four filters' choices: their own part, drawn again only when a choice or its options change
 * (not on each keystroke in the search).
 */
const FilterChoices = memo(function FilterChoices({
  driver,
  stage,
  promise,
  city,
  onFilter,
  drivers,
  cities,
}: {
  driver?: string;
  stage?: string;
  promise?: string;
  city?: string;
  onFilter: (name: keyof OfficeFilters, value: string | undefined) => void;
  drivers: Driver[];
  cities: string[];
}) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{
        base: 'repeat(2, minmax(0, 1fr))',
        lg: 'repeat(4, minmax(0, 1fr))',
      }}
      gap="3"
    >
      <Choice
        label="Motorista"
        value={driver ?? ''}
        onChange={(v) => onFilter('driver', v)}
        options={[
          { value: 'nenhum', label: 'Sem motorista' },
          ...drivers.map((d) => ({ value: d.id, label: d.name })),
        ]}
      />
      <Choice
        label="Etapa"
        value={stage ?? ''}
        onChange={(v) => onFilter('stage', v)}
        options={[
          { value: '0', label: 'Nenhuma etapa' },
          ...TRACKING_STAGES.map((s) => ({
            value: String(s.stage),
            label: `${s.stage}. ${s.label}`,
          })),
        ]}
      />
      <Choice
        label="Prazo"
        value={promise ?? ''}
        onChange={(v) => onFilter('promise', v)}
        options={PROMISES.map((p) => ({ value: p.key, label: p.label }))}
      />
      <Choice
        label="Cidade"
        value={city ?? ''}
        onChange={(v) => onFilter('city', v)}
        options={cities.map((c) => ({ value: c, label: c }))}
      />
    </Box>
  );
});

/** A filter's select: 'Todos' first, then its choices. */
function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Todos</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
