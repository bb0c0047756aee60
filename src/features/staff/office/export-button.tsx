import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import type { ShownRow } from '../../../domain/tracking-changes';
import { todayInBrazil } from '../../../domain/shipments';
import { toaster } from '../../../components/toaster';
import { knownDrivers } from '../shipments/drivers';

/**
 * 'Exportar': the list as it is filtered on screen, as a CSV file Brazilian Excel opens directly
 * (src/domain/export-csv.ts). Made on the device from its own list, so it works with no signal;
 * the CSV code (Papa Parse) loads only when asked for.
 */
export function ExportButton({ rows }: { rows: readonly ShownRow[] }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    let csv: typeof import('../../../domain/export-csv');
    try {
      csv = await import('../../../domain/export-csv');
    } catch {
      // The CSV code not on the device yet (the app not installed, no signal).
      toaster.create({
        title: 'Não foi possível gerar a planilha agora',
        description: 'Tente de novo com sinal: o aparelho ainda não tem essa parte do app.',
        type: 'error',
        duration: 8000,
      });
      setBusy(false);
      return;
    }
    try {
      const { exportCsv, exportFileName } = csv;
      const names = new Map(knownDrivers().map((d) => [d.id, d.name]));
      const text = exportCsv(rows, (id) => names.get(id) ?? '');
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(todayInBrazil());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      onClick={() => void save()}
      loading={busy}
      disabled={rows.length === 0}
    >
      Exportar ({rows.length})
    </Button>
  );
}
