import { describe, expect, it } from 'vitest';
import {
  admit,
  failed,
  refusalMessage,
  refusedSignInText,
  signInKey,
  signInLockMail,
  type SignInCount,
} from '../sign-in';

const MIN = 60_000;

/** `n` failures in a row, each made as soon as its delay allowed; the count they leave. */
function failures(n: number): { count: SignInCount | undefined; now: number } {
  let count: SignInCount | undefined;
  let now = 0;
  let done = 0;
  while (done < n) {
    const step = admit(count, now);
    if (step.verdict.kind === 'wait') {
      now += step.verdict.ms;
      continue;
    }
    count = failed(step.count, now).count;
    done++;
  }
  return { count, now };
}

describe('sign-in limits per account', () => {
  it('keys an identity however it is typed', () => {
    expect(signInKey('staff', '  Ana@Exemplo.COM ')).toBe('staff:ana@exemplo.com');
  });

  it('lets four failures through at once, then makes each attempt wait longer', () => {
    let count: SignInCount | undefined;
    for (let i = 0; i < 5; i++) {
      const step = admit(count, 0);
      expect(step.verdict.kind).toBe('try');
      count = failed(step.count, 0).count;
    }
    expect(admit(count, 999).verdict).toEqual({ kind: 'wait', ms: 1 });
    const sixth = admit(count, 1000);
    expect(sixth.verdict.kind).toBe('try');
    count = failed(sixth.count, 1000).count;
    expect(admit(count, 2999).verdict).toEqual({ kind: 'wait', ms: 1 });
    expect(refusalMessage({ kind: 'wait', ms: 1500 }, 0)).toBe(
      'Muitas senhas erradas seguidas. Aguarde 2 segundos e tente de novo.',
    );
  });

  it('two attempts at once cannot share one free slot', () => {
    const { count, now } = failures(5);
    const first = admit(count, now + 5000);
    expect(first.verdict.kind).toBe('try');
    expect(admit(first.count, now + 5000).verdict.kind).toBe('wait');
  });

  it('locks at the tenth failure, once, for 15 minutes, then starts again', () => {
    const nine = failures(9);
    let now = nine.now;
    const tenth = admit(nine.count, now + 60_000);
    expect(tenth.verdict.kind).toBe('try');
    const lock = failed(tenth.count, now + 60_000);
    expect(lock.lockStarted).toBe(true);
    expect(lock.count.failures).toBe(10);
    now += 60_000;
    expect(admit(lock.count, now + 14 * MIN).verdict).toEqual({
      kind: 'locked',
      until: now + 15 * MIN,
    });
    expect(refusalMessage({ kind: 'locked', until: now + 15 * MIN }, now)).toContain(
      'tente de novo em 15 minutos',
    );
    // Another failure in flight when the lock started does not start it again.
    expect(failed(lock.count, now + 1).lockStarted).toBe(false);
    expect(admit(lock.count, now + 15 * MIN).verdict.kind).toBe('try');
  });

  it('forgets a count that went quiet', () => {
    const { count, now } = failures(7);
    expect(admit(count, now + 15 * MIN).count.failures).toBe(1);
  });

  it("tells the owner when, how many, until when, and what to do, in Brasília's time", () => {
    const at = Date.UTC(2026, 10, 22, 17, 0);
    const count = { failures: 10, first: at, last: at + 4 * MIN, lockedUntil: at + 19 * MIN };
    const company = {
      name: 'Rota',
      shortName: 'Rota',
      email: 'contato@rota.example',
      phone: '(11) 5555-0100',
    };
    const staff = signInLockMail({ email: 'ana@rota.example', count, shared: false }, company);
    const text = staff.paragraphs!.join(' ');
    expect(text).toContain('Entre 22/11/2026 14:00 e 22/11/2026 14:04');
    expect(text).toContain('10 tentativas');
    expect(text).toContain('bloqueada até as 14:19');
    expect(text).toContain('troque sua senha');
    const client = signInLockMail(
      { email: 'acesso@cliente.example', count, shared: true },
      company,
    );
    expect(client.paragraphs!.join(' ')).toContain('fale com a Rota ((11) 5555-0100');
  });

  it("shows the server's refusal, or a general one when it gave none", () => {
    expect(refusedSignInText('Aguarde 4 segundos.')).toBe('Aguarde 4 segundos.');
    expect(refusedSignInText(undefined)).toBe(
      'Muitas tentativas seguidas. Aguarde um pouco e tente de novo.',
    );
  });
});
