// A scheduled job that keeps failing shows in /api/health (503, naming it) once it has not
// succeeded within twice its period, not only in the server's log.
import { afterAll, describe, expect, it } from 'vitest';
import { call, startStack, type Stack } from '../support/stack';

const stacks: Stack[] = [];
afterAll(async () => {
  for (const s of stacks) await s.stop();
});

interface Health {
  message: string;
  data: { jobs: { job: string; late: boolean; lastSuccess: string; lastError: string }[] };
}

const health = async (stack: Stack) => {
  const res = await call(stack.url, '/api/health');
  return { status: res.status, body: res.body as Health };
};

const stored = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const DAY = 24 * 60 * 60 * 1000;

/** The daily retention job as if it last succeeded some days ago, and failed an hour ago. */
async function succeededDaysAgo(stack: Stack, days: number, failedSince = true) {
  const found = await stack.admin(
    `/api/collections/job_runs/records?filter=${encodeURIComponent("job = 'retention'")}`,
  );
  const body = JSON.stringify({
    job: 'retention',
    lastSuccess: stored(Date.now() - days * DAY),
    lastFailure: failedSince ? stored(Date.now() - DAY / 24) : '',
  });
  const init = {
    method: found.items[0] ? 'PATCH' : 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  };
  await stack.admin(
    `/api/collections/job_runs/records${found.items[0] ? `/${found.items[0].id}` : ''}`,
    init,
  );
}

const runJob = (stack: Stack, job: string) => stack.admin(`/api/crons/${job}`, { method: 'POST' });

describe('/api/health and the scheduled jobs', () => {
  it('lists every job; a daily one failing since its success three days ago turns it 503 until it runs', async () => {
    const stack = await startStack();
    stacks.push(stack);
    const fresh = await health(stack);
    expect(fresh.status).toBe(200);
    const names = fresh.body.data.jobs.map((j) => j.job);
    for (const job of [
      'retention',
      'tracking-tombstones',
      'follows-cleanup',
      'mail-queue',
      'backup',
    ]) {
      expect(names).toContain(job);
    }

    await succeededDaysAgo(stack, 1);
    expect((await health(stack)).status).toBe(200); // within twice its period
    // Three days ago, but no failure since: the server was stopped; its next run has not come.
    await succeededDaysAgo(stack, 3, false);
    expect((await health(stack)).status).toBe(200);

    await succeededDaysAgo(stack, 3);
    const late = await health(stack);
    expect(late.status).toBe(503);
    expect(late.body.message).toMatch(/retention/);
    expect(late.body.message).not.toMatch(/mail-queue|backup|tombstones/);

    await runJob(stack, 'retention');
    await expect.poll(async () => (await health(stack)).status, { timeout: 10_000 }).toBe(200);
  });

  it('a job that fails keeps health 503 and says why', async () => {
    // A retention period nobody can read: the job fails at every run.
    const stack = await startStack({ RETENTION_DAYS: 'um ano' });
    stacks.push(stack);
    await succeededDaysAgo(stack, 3);
    await runJob(stack, 'retention');
    await expect
      .poll(
        async () =>
          (await health(stack)).body.data.jobs.find((j) => j.job === 'retention')?.lastError,
        {
          timeout: 10_000,
        },
      )
      .toBeTruthy();
    const now = await health(stack);
    expect(now.status).toBe(503);
    expect(now.body.message).toMatch(/Tarefas sem sucesso recente: retention/);
  });
});
