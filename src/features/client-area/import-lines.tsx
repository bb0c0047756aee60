// The ready rows of a spreadsheet on 'Importar planilha', each with where it stands.
import { chakra } from '@chakra-ui/react';
import { memo } from 'react';
import { formatDateTimeBrasilia } from '../../domain/format';
import type { ImportRow } from '../../domain/pickup-import';
import { requestSummary } from '../../domain/submissions';
import type { OutboxItem } from '../../lib/db';
import type { Received } from './pickup-import-api';

type Tone = 'done' | 'refused' | 'waiting' | 'quiet';

/** Where a ready row stands: on the server before, waiting on the device, sent, refused. */
function rowState(
  item: OutboxItem | undefined,
  received: Received | undefined,
  prior: boolean,
): { text: string; tone: Tone } {
  if (item) {
    const earlier = prior ? 'Já importada neste aparelho: ' : '';
    if (item.state === 'sent') {
      const number = item.result?.number ? ` · nº ${String(item.result.number)}` : '';
      return { text: `${earlier ? 'Já enviada antes' : 'Enviada'}${number}`, tone: 'done' };
    }
    if (item.state === 'failed') {
      return { text: `Não aceita pelo servidor: ${item.lastError}`, tone: 'refused' };
    }
    if (item.state === 'sending') return { text: 'Enviando...', tone: 'quiet' };
    const waiting = item.needsAuth
      ? 'aguardando você entrar de novo'
      : item.attempts > 0
        ? 'aguardando conexão para enviar'
        : 'aguardando envio';
    const text = `${earlier}${waiting}`;
    return { text: text.charAt(0).toUpperCase() + text.slice(1), tone: 'waiting' };
  }
  if (received) {
    return {
      text: `Já recebida em ${formatDateTimeBrasilia(received.created).slice(0, 10)} · nº ${received.number}`,
      tone: 'done',
    };
  }
  return { text: 'Pronta para enviar', tone: 'quiet' };
}

/**
 * The ready rows' lines, styled once on the list rather than per line: a hundred lines each made of
 * styled components were most of the time between picking a file of a thousand rows and seeing it
 * on a slow phone.
 */
const LINES_STYLE = {
  listStyleType: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  '& > li': {
    borderWidth: '1px',
    borderRadius: 'md',
    paddingInline: '3',
    paddingBlock: '2',
    fontSize: 'sm',
  },
  '& .line-name': { fontWeight: 'semibold' },
  '& [data-tone=done]': { color: 'green.fg' },
  '& [data-tone=refused]': { color: 'fg.error' },
  '& [data-tone=waiting]': { color: 'orange.fg' },
  '& [data-tone=quiet]': { color: 'fg.muted' },
} as const;

export const ReadyLines = memo(function ReadyLines({
  rows,
  items,
  received,
  prior,
}: {
  rows: (ImportRow & { id: string })[];
  items: Map<string, OutboxItem>;
  received: Map<string, Received> | null | undefined;
  prior: Set<string>;
}) {
  return (
    <chakra.ul css={LINES_STYLE} aria-label="Linhas prontas">
      {rows.map((row) => {
        const state = rowState(items.get(row.id), received?.get(row.id), prior.has(row.id));
        return (
          <li key={row.id} aria-label={`Linha ${row.line}`}>
            <p>
              <span className="line-name">Linha {row.line}</span> ·{' '}
              {requestSummary('pickup', row.values)}
            </p>
            <p data-tone={state.tone}>{state.text}</p>
          </li>
        );
      })}
    </chakra.ul>
  );
});
