/**
 * A thing with no name column known by its number ("room 202", "invoice 7") is that one member, in any
 * reading; a breakdown said by the last word of a column of the thing ("rooms of each type", "the
 * average rate per type") is that column (it was refused: "of each"). A thing with no name is still never
 * broken down by its bare key ("bookings for each room" stays refused: see member-columns.test.ts). Our
 * own wordings on three small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a hotel: rooms known by their number', () => {
  const db = bootstrappedDuckdb(
    'keyhotel',
    `CREATE TABLE room (room_no INTEGER PRIMARY KEY, room_type VARCHAR, floor INTEGER, nightly_rate DECIMAL(7,2));
     CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, room_no INTEGER REFERENCES room(room_no), nights INTEGER, channel VARCHAR);
     INSERT INTO room VALUES (101,'single',1,80.00),(102,'double',1,120.00),(201,'double',2,130.00),(202,'suite',2,250.00),(301,'suite',3,300.00);
     INSERT INTO booking VALUES (1,202,3,'web'),(2,101,1,'phone'),(3,102,2,'web'),(4,301,5,'agent'),(5,201,2,'web'),(6,202,1,'web');`,
  );

  it('never breaks a count down by the bare key of a thing with no name', async () => {
    expect((await db.ask('the number of bookings for each room'))[0]).toMatch(/^refused/);
  });

  it('reads "type" after a breakdown word as the thing\'s type column', async () => {
    const counts = ['double 2', 'single 1', 'suite 2'];
    expect(await db.ask('count the rooms of each type')).toEqual(counts);
    expect(await db.ask('number of rooms per type')).toEqual(counts);
    expect(await db.ask('the average nightly rate for each type')).toEqual(['double 125', 'single 80', 'suite 275']);
  });

  it('reads "room 202" as the one room of that number, through the rows that point at it', async () => {
    expect(await db.ask('how many bookings has room 202 had')).toEqual(['2']);
    expect(await db.ask('the bookings of room 202')).toEqual(['1', '6']);
  });

  it('still refuses a breakdown word it cannot place', async () => {
    expect((await db.ask('the number of bookings for each type'))[0]).toMatch(/^refused/);
  });
});

describe('bike docks of a kind', () => {
  const db = bootstrappedDuckdb(
    'keydocks',
    `CREATE TABLE dock (dock_code VARCHAR PRIMARY KEY, dock_kind VARCHAR, district VARCHAR, capacity INTEGER);
     CREATE TABLE ride (ride_id INTEGER PRIMARY KEY, dock_code VARCHAR REFERENCES dock(dock_code), minutes INTEGER, fare DECIMAL(6,2));
     INSERT INTO dock VALUES ('D01','kiosk','North',20),('D02','kiosk','South',15),('D03','pole','North',8),('D04','hub','East',40);
     INSERT INTO ride VALUES (1,'D01',12,2.50),(2,'D01',30,4.00),(3,'D02',8,1.50),(4,'D04',45,6.00),(5,'D04',20,3.00),(6,'D04',5,1.00);`,
  );

  it('reads "kind" after a breakdown word as the thing\'s kind column', async () => {
    expect(await db.ask('number of docks by kind')).toEqual(['hub 1', 'kiosk 2', 'pole 1']);
    expect(await db.ask('the average capacity for each kind')).toEqual(['hub 40', 'kiosk 17.5', 'pole 8']);
  });
});

describe('invoices known by their number', () => {
  const db = bootstrappedDuckdb(
    'keyinvoices',
    `CREATE TABLE product (product_id INTEGER PRIMARY KEY, product_name VARCHAR, unit_price DECIMAL(6,2));
     CREATE TABLE invoice (invoice_no INTEGER PRIMARY KEY, issued_on DATE, customer VARCHAR);
     CREATE TABLE invoice_line (line_id INTEGER PRIMARY KEY, invoice_no INTEGER REFERENCES invoice(invoice_no),
       product_id INTEGER REFERENCES product(product_id), qty INTEGER);
     INSERT INTO product VALUES (1,'Bolt',0.20),(2,'Nut',0.10),(3,'Hinge',2.50);
     INSERT INTO invoice VALUES (7,'2024-01-03','Acme'),(8,'2024-01-09','Birch'),(9,'2024-02-01','Acme');
     INSERT INTO invoice_line VALUES (1,7,1,100),(2,7,2,100),(3,8,3,4),(4,9,1,50),(5,7,3,2);`,
  );

  it('reads "invoice 7" as the one invoice of that number', async () => {
    expect(await db.ask('how many lines does invoice 7 have')).toEqual(['3']);
    expect(await db.ask('which products are on invoice 7')).toEqual(['1 Bolt', '2 Nut', '3 Hinge']);
  });

  it('never reads a number after things in the plural as one of them', async () => {
    expect(await db.ask('how many invoices have more than 2 lines')).toEqual(['1']);
  });
});

describe('a column "of" a thing known by its number', () => {
  const shop = bootstrappedDuckdb(
    'keyshop',
    `CREATE TABLE parcel (parcel_id INTEGER PRIMARY KEY, status VARCHAR, weight_kg DOUBLE, sent_on DATE);
     INSERT INTO parcel VALUES (31, 'in transit', 2.5, DATE '2024-04-01'), (32, 'delivered', 0.8, DATE '2024-04-02');
     CREATE TABLE scan (scan_id INTEGER PRIMARY KEY, parcel_id INTEGER REFERENCES parcel(parcel_id), depot VARCHAR);
     INSERT INTO scan VALUES (1, 31, 'Hull'), (2, 32, 'Hull'), (3, 32, 'Derby');`,
  );
  const garage = bootstrappedDuckdb(
    'keygarage',
    `CREATE TABLE vehicle (vehicle_id INTEGER PRIMARY KEY, category VARCHAR, make VARCHAR, seats INTEGER);
     INSERT INTO vehicle VALUES (1, 'van', 'Ford', 3), (2, 'car', 'Fiat', 5), (3, 'car', 'Kia', 5);`,
  );

  it('reads "the <column> of <thing> <number>" as that member\'s value, the column phrase said with the thing or not', async () => {
    expect(await shop.ask('what is the status of parcel 32')).toEqual(['delivered']);
    expect(await shop.ask('the status of parcel 31?')).toEqual(['in transit']);
    expect(await garage.ask('show the category of vehicle 1')).toEqual(['van']);
    expect(await garage.ask('what is the make of vehicle 3')).toEqual(['Kia']);
  });

  it('keeps the phrase whole without a number, and refuses a number no key has', async () => {
    expect(await garage.ask('the category of vehicles')).toEqual(['car', 'van']);
    expect((await shop.ask('the status of parcel 99'))[0]).toMatch(/^no_data/);
  });
});
