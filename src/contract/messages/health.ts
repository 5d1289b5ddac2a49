// Readiness answers (our wording). Read by operators and load balancers.

/** Why GET /v1/ready answers 503, one message per check. */
export const notReadyText = {
  database: 'Not ready: the database does not answer.',
  migrations: 'Not ready: the database migrations are not all applied.',
  queue: 'Not ready: the job queue is not running.',
  shutdown: 'Not ready: this server is shutting down.',
} as const;

export type ReadinessCheck = keyof typeof notReadyText;
