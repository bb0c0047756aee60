import { describe, expect, it } from 'vitest';
import {
  followUpdateMail,
  formatDateTimeBrasilia,
  maskTrackingNumber,
  sameProgress,
  stagesToTell,
} from '..';

const links = {
  lookup: 'https://x/rastrear?numero=1',
  unsubscribe: 'https://x/rastrear?cancelar=t',
};
const company = { name: 'Rota Veloz', email: 'contato@x' };

describe('a tracking number in an e-mail', () => {
  it('hides the ends of a CPF or CNPJ and leaves a waybill number as it is', () => {
    expect(maskTrackingNumber('52998224725')).toBe('***.982.247-**');
    expect(maskTrackingNumber('11222333000181')).toBe('**.222.333/0001-**');
    expect(maskTrackingNumber('987654321')).toBe('987654321');
    // Eleven digits that are not a valid CPF are a waybill number.
    expect(maskTrackingNumber('12345678900')).toBe('12345678900');
  });
});

describe('times in e-mails', () => {
  it('are Brasília time whatever the server clock', () => {
    expect(formatDateTimeBrasilia('2026-11-22 17:05:00.000Z')).toBe('22/11/2026 14:05');
    expect(formatDateTimeBrasilia('2026-11-23T01:30:00Z')).toBe('22/11/2026 22:30');
    expect(formatDateTimeBrasilia('')).toBe('');
  });
});

describe('what a follower is told', () => {
  it('only the stages above the last one told, oldest first', () => {
    const times = { 1: '2026-11-22 10:00:00.000Z', 2: '2026-11-22 11:00:00.000Z' };
    expect(stagesToTell([1, 2], times, 1)).toEqual([
      { stage: 2, label: 'Encomenda enviada ao destino', at: times[2] },
    ]);
    expect(stagesToTell([1, 2], times, 2)).toEqual([]);
  });

  it('several stages in one e-mail, named by the last; the delivery one has no unsubscribe link', () => {
    const reached = stagesToTell(
      [1, 2],
      { 1: '2026-11-22 10:00:00Z', 2: '2026-11-22 11:00:00Z' },
      0,
    );
    const mail = followUpdateMail('52998224725', reached, links, company);
    expect(mail.subject).toBe('Encomenda enviada ao destino - rastreio ***.982.247-**');
    expect(mail.sections[0]!.rows).toEqual([
      ['Encomenda coletada no ponto de coleta', '22/11/2026 07:00'],
      ['Encomenda enviada ao destino', '22/11/2026 08:00'],
    ]);
    expect(mail.links!.map((l) => l.href)).toEqual([links.lookup, links.unsubscribe]);

    const last = followUpdateMail(
      '1',
      stagesToTell([4], { 4: '2026-11-22 11:00:00Z' }, 3),
      links,
      company,
    );
    expect(last.links!.map((l) => l.href)).toEqual([links.lookup]);
    expect(last.paragraphs!.join(' ')).toContain('Este foi o último aviso');
  });
});

describe("'Meus rastreios' marks a number as changed", () => {
  const before = { found: true, stages: [1] as (1 | 2 | 3 | 4)[], stageTimes: { 1: 'a' } };
  it('when a stage, its time or whether it exists differs', () => {
    expect(sameProgress(before, { ...before })).toBe(true);
    expect(
      sameProgress(before, { ...before, stages: [1, 2], stageTimes: { 1: 'a', 2: 'b' } }),
    ).toBe(false);
    expect(sameProgress(before, { ...before, stageTimes: { 1: 'c' } })).toBe(false);
    expect(sameProgress(before, { found: false, stages: [], stageTimes: {} })).toBe(false);
  });
});
