/**
 * "all the information about <things>" asks for every column of the members, never how many there are (a
 * count answered it when nothing else in the question was read). Our own wordings on two small databases
 * of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('all the information about things', () => {
  const clinic = bootstrappedDuckdb(
    'clinic-info',
    `CREATE TABLE doctor (doctor_id INTEGER PRIMARY KEY, full_name VARCHAR, specialty VARCHAR, hire_year INTEGER);
     CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, doctor_id INTEGER REFERENCES doctor(doctor_id), visit_date DATE, fee INTEGER);
     INSERT INTO doctor VALUES (1,'Ana Silva','Cardiology',2010),(2,'Ben Okafor','Dermatology',2015);
     INSERT INTO visit VALUES (1,1,DATE '2023-01-10',80),(2,2,DATE '2023-02-14',150),(3,1,DATE '2024-03-01',60);`,
  );
  const flats = bootstrappedDuckdb(
    'flats-info',
    `CREATE TABLE flats (flat_id INTEGER PRIMARY KEY, street VARCHAR, rooms INTEGER, rent INTEGER);
     INSERT INTO flats VALUES (1,'Elm Row',2,900),(2,'Quay Lane',3,1100),(3,'Mill Street',1,650);`,
  );

  it('lists every column of the members', async () => {
    expect(await clinic.ask('all the information about doctors')).toEqual(['1 Ana Silva Cardiology 2010', '2 Ben Okafor Dermatology 2015']);
    expect(await flats.ask('show all the details of flats with a rent above 800')).toEqual(['1 Elm Row 2 900', '2 Quay Lane 3 1100']);
  });
});
