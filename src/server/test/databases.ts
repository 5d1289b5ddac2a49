// Empty databases for the tests of start-up itself, which must begin from nothing rather than
// from the harness's migrated template.
import crypto from 'node:crypto';
import pg from 'pg';

/** A new empty database on the test server, and how to drop it. */
export async function emptyDatabase(serverUrl: string) {
  const name = `doorstep_empty_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // A closed pool's connections end a moment after close() resolves; forcing them first would
      // print their termination as connection errors.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
