import { describe, expect, it } from 'vitest';
import {
  checkReceiverNote,
  holdProblem,
  isHeld,
  lastHoldDay,
  receiverNoteSummary,
} from '../receiver-notes';

// 27/11/2026 01:00 UTC is still the 26th in Brasília.
const now = Date.parse('2026-11-27T01:00:00Z');

describe('Guardar até', () => {
  it.each([
    ['', null],
    ['2026-11-26', null], // today in Brasília
    ['2026-11-25', 'Escolha hoje ou uma data futura.'],
    ['2026-12-26', null], // 30 days ahead
    ['2026-12-27', 'Guardamos a encomenda por no máximo 30 dias: escolha uma data até 26/12/2026.'],
  ])('%s → %s', (day, message) => {
    expect(holdProblem(day, now)).toBe(message);
  });

  it('counts the month from Brasília’s today', () => {
    expect(lastHoldDay(now)).toBe('2026-12-26');
  });

  it('holds the parcel before that day, not on it', () => {
    const note = { instructions: '', complement: '', mayReceive: '', holdUntil: '2026-11-28' };
    expect(isHeld(note, '2026-11-27')).toBe(true);
    expect(isHeld(note, '2026-11-28')).toBe(false);
    expect(isHeld(undefined, '2026-11-27')).toBe(false);
  });
});

describe('checkReceiverNote', () => {
  it('says each wrong field in Portuguese', () => {
    expect(
      checkReceiverNote(
        { instructions: 'x'.repeat(301), complement: '', mayReceive: '', holdUntil: '2026-02-31' },
        now,
      ),
    ).toEqual({ instructions: 'Use no máximo 300 caracteres', holdUntil: 'Data inválida' });
    expect(checkReceiverNote({ instructions: 'Deixar na portaria' }, now)).toEqual({});
  });

  it('is told in the history in a line', () => {
    expect(
      receiverNoteSummary({ instructions: 'Deixar na portaria', holdUntil: '2026-12-01' }),
    ).toBe('Guardar até 01/12/2026; Instruções “Deixar na portaria”');
    expect(receiverNoteSummary({})).toBe('tudo apagado');
  });
});
