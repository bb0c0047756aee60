/// <reference path="../../server/pocketbase.d.ts" />
// The scheduled jobs' last success and last failure, one row per job, written by the jobs
// themselves (server/core/jobs.ts) and read by /api/health: a job that fails every day otherwise shows
// only in the server's log. Kept in the database so a restart does not make a daily job that has
// been failing look fresh. Closed to every account.

migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'job_runs',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'job', type: 'text', required: true, max: 100 },
          { name: 'lastSuccess', type: 'date' },
          { name: 'lastFailure', type: 'date' },
          { name: 'lastError', type: 'text', max: 1000 },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_job_runs_job ON job_runs (job)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('job_runs'));
  },
);
