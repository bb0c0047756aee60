import { brasiliaDay, isHeld, receiverNoteLines } from '../../../domain/receiver-notes';
import { formatDay } from '../../../domain/format';
import type { ShownRow } from '../../../domain/tracking-changes';

/**
 * 'Recado do recebedor': what the addressee asked through their private link, on the driver's stop
 * and the office's card. A parcel to be held is said first and in colour: it is not today's
 * delivery until that day. Plain elements, as the rest of a row (ROW_STYLES).
 */
export function ReceiverNoteBlock({ row }: { row: ShownRow }) {
  const note = row.receiverNote;
  if (!note) return null;
  const held = isHeld(note, brasiliaDay());
  const lines = receiverNoteLines(note).filter((l) => l.label !== 'Guardar até');
  return (
    <section
      aria-label="Recado do recebedor"
      data-testid="recado-recebedor"
      style={{
        border: '2px solid var(--chakra-colors-purple-solid, #6b46c1)',
        borderRadius: '0.5rem',
        padding: '0.5rem 0.75rem',
        marginBottom: '0.75rem',
      }}
    >
      <p className="ti-small" style={{ fontWeight: 'bold' }}>
        Recado do recebedor
      </p>
      {note.holdUntil && (
        <p className="ti-small" data-held={held ? '' : undefined}>
          <span className="ti-badge" data-tone={held ? 'orange' : 'gray'}>
            Guardar até {formatDay(note.holdUntil)}
          </span>{' '}
          {held ? 'Não entregar antes dessa data.' : 'Já pode ser entregue.'}
        </p>
      )}
      {lines.map((l) => (
        <p className="ti-small" key={l.label}>
          <span className="ti-muted">{l.label}: </span>
          {l.text}
        </p>
      ))}
    </section>
  );
}
