/**
 * Migration 47: the request that queued a job (issue 35; http/request-context.ts).
 *
 * `jobs.request_id`: the id of the request being handled when the job was queued (its
 * X-Request-Id), so that the worker's log lines about the job — in whichever process runs it —
 * carry the id of the request that started it. NULL for jobs queued outside a request (recurring
 * sweeps, a start).
 */
export const JOB_REQUEST_MIGRATION = {
  version: 47,
  name: 'the request that queued a job',
  sql: `
ALTER TABLE jobs ADD COLUMN request_id text CHECK (char_length(request_id) <= 128);
`,
};
