/**
 * Init trials: `quarry init --yes`, unedited, on public sample databases nobody here wrote, each in a
 * real server through a read-only login; then ten everyday questions per database (written before
 * the draft was looked at) asked with the files init wrote, each checked against hand-written SQL.
 * Goal: >= 8 of 10 right and 0 wrong per database. Prints one table (right / refused / wrong).
 *
 *   npm run bench init-trials          # Chinook (PostgreSQL, from the repository's fixture) only
 *   QUARRY_SAKILA_DIR=/path/to/jOOQ-sakila QUARRY_MYWIND_DIR=/path/to/dalers-mywind npm run bench init-trials
 *
 * QUARRY_SAKILA_DIR is a copy of github.com/jOOQ/sakila (BSD-2; its postgres-sakila-db scripts are
 * loaded); QUARRY_MYWIND_DIR a copy of github.com/dalers/mywind (Northwind for MySQL; northwind.sql and
 * northwind-data.sql, loaded into MariaDB). Neither is kept in the repository: CI cannot fetch them.
 * Set QUARRY_TRIALS_VERBOSE=1 to print each question's verdict and query.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createReadOnlyRole, PG_BIN, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { createReadOnlyUser, execMysql, startMariadb, type TestMariadb } from '../helpers/mariadb.js';
import { loadSample } from '../helpers/samples.js';
import { CHINOOK, MYWIND, SAKILA, mysqlRows, pgRows, trial, type TrialResult } from '../helpers/init-trials.js';
import { CHINOOK_SIMPLE, NORTHWIND_SIMPLE } from '../helpers/simple-trials.js';

const run = promisify(execFile);

async function main() {
  const results: TrialResult[] = [];
  const simple: TrialResult[] = [];
  let pg: TestPostgres | undefined;
  let maria: TestMariadb | undefined;
  try {
    pg = await startPostgres();
    const chinook = await loadSample(pg, 'chinook', 'chinook');
    const chinookRo = await createReadOnlyRole(chinook, 'chinook_ro');
    results.push(await trial('Chinook (PostgreSQL)', chinookRo, CHINOOK, (s) => pgRows(chinook, s)));
    simple.push(await trial('Chinook (PostgreSQL)', chinookRo, CHINOOK_SIMPLE, (s) => pgRows(chinook, s)));
    const northwind = await loadSample(pg, 'northwind', 'northwind');
    const northwindRo = await createReadOnlyRole(northwind, 'northwind_ro');
    simple.push(await trial('Northwind (PostgreSQL)', northwindRo, NORTHWIND_SIMPLE, (s) => pgRows(northwind, s)));

    const sakilaDir = process.env.QUARRY_SAKILA_DIR;
    if (sakilaDir && existsSync(join(sakilaDir, 'postgres-sakila-db'))) {
      const sakila = await pg.createDatabase('sakila');
      const psql = join(PG_BIN, 'psql');
      for (const f of ['postgres-sakila-schema.sql', 'postgres-sakila-insert-data-using-copy.sql'])
        await run(psql, ['-q', '-v', 'ON_ERROR_STOP=0', '-d', sakila, '-f', join(sakilaDir, 'postgres-sakila-db', f)], {
          maxBuffer: 64 << 20,
        });
      await pgRows(sakila, 'ANALYZE');
      results.push(await trial('Sakila (PostgreSQL)', await createReadOnlyRole(sakila, 'sakila_ro'), SAKILA, (s) => pgRows(sakila, s)));
    } else console.log('Sakila: skipped (set QUARRY_SAKILA_DIR to a copy of jOOQ/sakila)');

    const mywindDir = process.env.QUARRY_MYWIND_DIR;
    if (mywindDir && existsSync(join(mywindDir, 'northwind-data.sql'))) {
      maria = await startMariadb();
      await execMysql(maria.url, readFileSync(join(mywindDir, 'northwind.sql'), 'utf8'));
      await execMysql(maria.url, readFileSync(join(mywindDir, 'northwind-data.sql'), 'utf8'));
      const admin = maria.urlFor('northwind');
      results.push(
        await trial(
          'Northwind (MariaDB)',
          await createReadOnlyUser(maria.url, 'northwind', 'northwind_ro', 'northwind-ro-pw'),
          MYWIND,
          (s) => mysqlRows(admin, s),
        ),
      );
    } else console.log('Northwind (MariaDB): skipped (set QUARRY_MYWIND_DIR to a copy of dalers/mywind)');
  } finally {
    await pg?.stop();
    await maria?.stop();
  }
  console.log('\ninit trials: quarry init --yes unedited, 10 everyday questions each (goal >= 8 right, 0 wrong)');
  console.log('database'.padEnd(24), 'init'.padEnd(7), 'right'.padStart(5), 'refused'.padStart(8), 'wrong'.padStart(6), 'goal');
  let missed = false;
  for (const r of results) {
    const met = r.counts.right >= 8 && r.counts.wrong === 0;
    missed ||= !met;
    console.log(
      r.name.padEnd(24),
      r.init.padEnd(7),
      String(r.counts.right).padStart(5),
      String(r.counts.refused).padStart(8),
      String(r.counts.wrong).padStart(6),
      met ? 'met' : 'missed',
    );
  }
  console.log('\nsimple questions (test/helpers/simple-trials.ts), same init (goal: >= 80% right, 0 wrong)');
  console.log('database'.padEnd(24), 'N'.padStart(7), 'right'.padStart(5), 'refused'.padStart(8), 'wrong'.padStart(6), 'goal');
  for (const r of simple) {
    const n = r.counts.right + r.counts.refused + r.counts.wrong;
    const met = r.counts.right >= 0.8 * n && r.counts.wrong === 0;
    missed ||= !met;
    console.log(
      r.name.padEnd(24),
      String(n).padStart(7),
      String(r.counts.right).padStart(5),
      String(r.counts.refused).padStart(8),
      String(r.counts.wrong).padStart(6),
      met ? 'met' : 'missed',
    );
  }
  process.exitCode = missed ? 1 : 0;
}

await main();
