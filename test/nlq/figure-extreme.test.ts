/**
 * The highest or lowest value of a figure among rows, with conditions on the rows or on related things
 * ("the maximum fee for patients in Faro"), and verbs of residing before a place ("patients who live in Faro"). Our own
 * wordings on two small databases of our own (a clinic, a fleet), bootstrapped unedited. The neighbouring
 * readings stay as they were: "which X has the highest Y" ranks things, an extreme of a total said as such
 * is refused, and a place held by two things still asks which is meant.
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
       (4,'Hana Ito',45,'None','Faro'),(5,'Ivo Brandt',72,'Premium','Porto');
     INSERT INTO appointment VALUES (1,1,2,'2023-01-10',80,'done'),(2,2,1,'2023-02-14',150,'done'),(3,3,4,'2023-03-01',60,'cancelled'),
       (4,4,3,'2023-03-20',120,'done'),(5,5,1,'2023-04-02',150,'done'),(6,2,3,'2023-05-05',130,'no-show'),
       (7,1,2,'2024-01-08',85,'done'),(8,5,1,'2024-02-11',155,'done');`,
  );

  it('reads the extreme of a figure among rows that meet conditions, here or on related things', async () => {
    expect(await db.ask('the maximum fee for patients in Faro')).toEqual(['120']);
    expect(await db.ask('what is the highest fee of appointments of Premium patients')).toEqual(['155']);
    expect(await db.ask('minimum fee for Ana Silva')).toEqual(['150']);
    expect(await db.ask('what was the lowest fee in 2024')).toEqual(['85']);
    expect(await db.ask('highest salary of doctors hired after 2009')).toEqual(['120000']);
    expect(await db.ask('lowest salary of cardiology doctors')).toEqual(['105000']);
  });

  it('reads the extreme of a figure within each group', async () => {
    expect(await db.ask('what is the highest fee per patient city')).toEqual(['Braga 60', 'Faro 120', 'Lisbon 85', 'Porto 155']);
  });

  it('keeps "which thing has the highest figure" a ranking, and refuses the extreme of a total', async () => {
    expect((await db.ask('which doctor has the highest salary'))[0]).toContain('Silva');
    expect((await db.ask('what is the highest total fee'))[0]).toMatch(/^refused/);
  });

  it('reads a verb of residing before a place of the thing', async () => {
    expect(await db.ask('list the patients living in Faro')).toEqual(['4 Hana Ito']);
    expect(await db.ask('how many patients live in Faro')).toEqual(['1']);
    // (a place held by two things stays two readings: "doctors in Lisbon", or patients there?)
    expect((await db.ask('what is the highest salary of doctors in Lisbon'))[0]).toMatch(/^refused.*Two readings/);
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
    expect(await db.ask('what is the maximum distance of trips for drivers of the Hull depot')).toEqual(['410']);
    expect(await db.ask('the smallest distance km of trips in April 2024')).toEqual(['90']);
    expect(await db.ask('the highest distance km for each driver')).toEqual(['Rita Vance 340', 'Sam Ode 90', 'Tom Pike 410']);
  });
});
