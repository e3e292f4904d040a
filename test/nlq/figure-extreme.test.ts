/**
 * The highest or lowest value of a figure among rows, with conditions on the rows or on related things
 * ("the maximum fee for patients in Porto"), and a place value held by plain columns of two things read as
 * the column of the thing the question names ("doctors in Lisbon", "patients who live in Porto"). Our own
 * wordings on two small databases of our own (a clinic, a fleet), bootstrapped unedited. The neighbouring
 * readings stay as they were: "which X has the highest Y" ranks things, an extreme of a total said as such
 * is refused, and a place that is also a thing's own name ("depots in Hull") still asks which is meant.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('extremes and places in a clinic', () => {
  const db = bootstrappedDuckdb(
    'clinic',
    `CREATE TABLE doctor (doctor_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, specialty VARCHAR, hire_year INTEGER, salary INTEGER, city VARCHAR);
     CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, name VARCHAR, age INTEGER, insurance VARCHAR, city VARCHAR);
     CREATE TABLE appointment (appointment_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient(patient_id),
       doctor_id INTEGER REFERENCES doctor(doctor_id), visit_date DATE, fee DECIMAL(8,2), status VARCHAR);
     INSERT INTO doctor VALUES (1,'Ana','Silva','Cardiology',2010,120000,'Porto'),(2,'Ben','Okafor','Dermatology',2015,95000,'Lisbon'),
       (3,'Chen','Wu','Cardiology',2018,105000,'Lisbon'),(4,'Dora','Klein','Pediatrics',2008,99000,'Braga');
     INSERT INTO patient VALUES (1,'Eva Moss',34,'Basic','Lisbon'),(2,'Finn Hale',61,'Premium','Porto'),(3,'Gus Lee',8,'Basic','Braga'),
       (4,'Hana Ito',45,'None','Lisbon'),(5,'Ivo Brandt',72,'Premium','Porto');
     INSERT INTO appointment VALUES (1,1,2,'2023-01-10',80,'done'),(2,2,1,'2023-02-14',150,'done'),(3,3,4,'2023-03-01',60,'cancelled'),
       (4,4,3,'2023-03-20',120,'done'),(5,5,1,'2023-04-02',150,'done'),(6,2,3,'2023-05-05',130,'no-show'),
       (7,1,2,'2024-01-08',85,'done'),(8,5,1,'2024-02-11',155,'done');`,
  );

  it('reads the extreme of a figure among rows that meet conditions, here or on related things', async () => {
    expect(await db.ask('the maximum fee for patients in Porto')).toEqual(['155']);
    expect(await db.ask('what is the highest fee of appointments of Premium patients')).toEqual(['155']);
    expect(await db.ask('minimum fee for Ana Silva')).toEqual(['150']);
    expect(await db.ask('what was the lowest fee in 2024')).toEqual(['85']);
    expect(await db.ask('highest salary of doctors hired after 2009')).toEqual(['120000']);
    expect(await db.ask('lowest salary of cardiology doctors')).toEqual(['105000']);
  });

  it('reads the extreme of a figure within each group', async () => {
    expect(await db.ask('what is the highest fee per patient city')).toEqual(['Braga 60', 'Lisbon 120', 'Porto 155']);
  });

  it('keeps "which thing has the highest figure" a ranking, and refuses the extreme of a total', async () => {
    expect((await db.ask('which doctor has the highest salary'))[0]).toContain('Silva');
    expect((await db.ask('what is the highest total fee'))[0]).toMatch(/^refused/);
  });

  it('reads a place held by two things as the one the question names', async () => {
    expect(await db.ask('what is the highest salary of doctors in Lisbon')).toEqual(['105000']);
    expect(await db.ask('which patients have premium insurance and live in Porto')).toEqual(['2 Finn Hale', '5 Ivo Brandt']);
    expect(await db.ask('how many patients live in Braga')).toEqual(['1']);
    // (no thing named whose column it is: still two readings)
    expect((await db.ask('how many appointments in Lisbon'))[0]).toMatch(/^refused.*Two readings/);
  });

  it('reads "where does X live" as the member with its place', async () => {
    expect(await db.ask('where does Eva Moss live')).toEqual(['1 Eva Moss Lisbon']);
  });
});

describe('extremes and places in a fleet', () => {
  const db = bootstrappedDuckdb(
    'fleet',
    `CREATE TABLE depots (depot_id INTEGER PRIMARY KEY, depot_name VARCHAR, town VARCHAR);
     CREATE TABLE drivers (driver_id INTEGER PRIMARY KEY, full_name VARCHAR, town VARCHAR, depot_id INTEGER REFERENCES depots(depot_id));
     CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, driver_id INTEGER REFERENCES drivers(driver_id), distance_km INTEGER, trip_date DATE);
     INSERT INTO depots VALUES (1, 'North Yard', 'Leeds'), (2, 'Hull', 'York');
     INSERT INTO drivers VALUES (1, 'Rita Vance', 'York', 1), (2, 'Sam Ode', 'Leeds', 2), (3, 'Tom Pike', 'Hull', 2);
     INSERT INTO trips VALUES (1, 1, 120, DATE '2024-03-01'), (2, 1, 340, DATE '2024-03-04'), (3, 2, 90, DATE '2024-04-02'),
       (4, 3, 410, DATE '2024-04-09'), (5, 2, 75, DATE '2024-05-12');`,
  );

  it('reads the longest or shortest distance among trips that meet conditions', async () => {
    expect(await db.ask('what is the maximum distance of trips for drivers based in Leeds')).toEqual(['90']);
    expect(await db.ask('the smallest distance km of trips in April 2024')).toEqual(['90']);
    expect(await db.ask('the highest distance km for each driver')).toEqual(['Rita Vance 340', 'Sam Ode 90', 'Tom Pike 410']);
  });

  it('reads a town held by depots and drivers as the one the question names, unless it names a depot too', async () => {
    expect(await db.ask('how many drivers live in York')).toEqual(['1']);
    // ("Hull" is a depot's own name and a driver's town: two readings stay)
    expect((await db.ask('what is the total distance km of drivers in Hull'))[0]).toMatch(/^refused.*Two readings/);
    expect(await db.ask('what is the total distance km of drivers in Leeds')).toEqual(['165']);
  });
});
