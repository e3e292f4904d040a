/**
 * Simple everyday questions on one table (or one join) of four small databases of our own, drafted
 * unedited, with column names written as people write them (`fname`, `hire_yr`, `fee_amt`, 'Y'/'N'
 * flags, years kept as text): a vet clinic, a bike share, a concert hall and a farm. Each class is asked
 * in at least two vocabularies, beside the neighbouring reading that must stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const vet = bootstrappedDuckdb(
  'vet',
  `
    CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, addr TEXT, city TEXT, phone_num TEXT);
    INSERT INTO owner VALUES (1,'Maria','Lopez','12 Elm St','Porto','555-0101'),(2,'John','Baker','4 Oak Rd','Braga','555-0102'),(3,'Anna','Costa','9 Pine Ave','Porto','555-0103'),(4,'Tom','Reed','1 Hill Ln','Faro','555-0104');
    CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, pet_name TEXT, species TEXT, breed TEXT, dob DATE, weight_kg DECIMAL(5,1), sex TEXT, is_neutered TEXT, owner_id INTEGER REFERENCES owner(owner_id));
    INSERT INTO pet VALUES (1,'Rex','dog','Labrador','2015-03-02',30.5,'M','Y',1),(2,'Milo','cat','Siamese','2018-07-11',4.2,'M','N',1),(3,'Bella','dog','Beagle','2020-01-20',11.0,'F','Y',2),(4,'Luna','cat','Persian','2012-05-30',5.1,'F','Y',3),(5,'Kiwi','bird','Parrot','2019-09-09',0.4,'F','N',4),(6,'Max','dog','Boxer','2016-11-15',28.0,'M','N',3);
    CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, pet_id INTEGER REFERENCES pet(pet_id), visit_dt DATE, reason TEXT, fee_amt DECIMAL(7,2), paid INTEGER);
    INSERT INTO visit VALUES (1,1,'2023-01-10','vaccination',45.00,1),(2,1,'2023-06-02','checkup',30.00,1),(3,2,'2023-02-14','dental',120.00,0),(4,3,'2024-03-03','checkup',30.00,1),(5,4,'2024-04-18','surgery',450.00,1),(6,5,'2024-05-01','vaccination',45.00,0),(7,6,'2022-12-12','checkup',35.00,1);
  `,
);

const hall = bootstrappedDuckdb(
  'hall',
  `
    CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, title TEXT, performer TEXT, genre TEXT, concert_yr INTEGER, ticket_price DECIMAL(6,2), seats_sold INTEGER, is_sold_out TEXT);
    INSERT INTO concert VALUES (1,'Spring Gala','City Orchestra','classical',2014,45.00,800,'N'),(2,'Night Jazz','Blue Trio','jazz',2015,30.00,350,'Y'),(3,'Rock On','The Vandals','rock',2015,55.00,1200,'Y'),(4,'Winter Strings','City Orchestra','classical',2016,50.00,900,'N'),(5,'Summer Beats','DJ Kay','electronic',2017,25.00,400,'N');
    CREATE TABLE staff (emp_no INTEGER PRIMARY KEY, fname TEXT, lname TEXT, dept TEXT, salary INTEGER, hire_yr TEXT, gender TEXT, age INTEGER, email TEXT);
    INSERT INTO staff VALUES (10,'Ruth','Gomez','Box Office',32000,'2012','F',41,'ruth@hall.org'),(11,'Leo','Park','Stage',38000,'2015','M',29,'leo@hall.org'),(12,'Ines','Silva','Stage',41000,'2010','F',52,'ines@hall.org'),(13,'Omar','Haddad','Catering',27000,'2018','M',24,'omar@hall.org'),(14,'Zoe','King','Box Office',30500,'2015','F',35,'zoe@hall.org');
    CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, guest TEXT, booked_on DATE, amount DECIMAL(6,2));
    INSERT INTO booking VALUES (1,'Ann','2014-03-01',20),(2,'Bo','2015-04-02',30),(3,'Cy','2016-05-03',40);
  `,
);

const farm = bootstrappedDuckdb(
  'farm',
  `
    CREATE TABLE animal (tag_num TEXT PRIMARY KEY, breed TEXT, sex TEXT, birth_yr INTEGER, weight DOUBLE, milk_qty DOUBLE, pen_no INTEGER);
    INSERT INTO animal VALUES ('A-001','Holstein','F',2016,650,28.5,1),('A-002','Jersey','F',2018,450,22.0,1),('A-003','Angus','M',2017,820,0,2),('A-004','Holstein','F',2019,600,30.1,3),('A-005','Hereford','M',2015,900,0,2);
    CREATE TABLE crop (crop_id INTEGER PRIMARY KEY, crop_name TEXT, field_num INTEGER, area_ha DOUBLE, yield_amt DOUBLE, harvest_yr TEXT, organic_flag INTEGER, season TEXT);
    INSERT INTO crop VALUES (1,'wheat',3,12.5,48.0,'2021',1,'2021/22'),(2,'barley',4,8.0,30.5,'2021',0,'2021/22'),(3,'maize',3,15.0,90.0,'2022',0,'2022/23'),(4,'wheat',5,10.0,41.0,'2022',1,'2022/23'),(5,'oats',6,6.5,20.0,'2023',1,'2023/24');
  `,
);

const refused = (rows: string[]) => expect(rows[0]).toMatch(/^refused: /);

describe('a figure "for each" thing is one per member, never one over all of them', () => {
  it('crops: the total yield for each crop', async () => {
    const r = await farm.answer('What is the total yield for each crop?');
    expect(r.sql).toMatch(/GROUP BY/);
    expect(r.rows).toHaveLength(5);
    const each = await farm.ask('what is the average area of each crop');
    expect(each.length === 5 || each[0]!.startsWith('refused')).toBe(true);
  });
  it('staff: the salary total for every employee is per member; of all staff it is one figure', async () => {
    const r = await hall.answer('the total salary for every staff member');
    expect(r.rows.length === 5 || r.status === 'refused').toBe(true);
    expect(await hall.ask('the total salary of all staff')).toEqual(['168500']);
  });
  it('visits: the fee for each pet is no total over the pets', async () => {
    const r = await vet.ask('what is the total fee amount for each pet');
    expect(r.length === 6 || r[0]!.startsWith('refused')).toBe(true);
    expect(await vet.ask('what is the total fee amount of all visits')).toEqual(['755']);
  });
});

describe('years kept as text (a column of four-digit years) are read as years', () => {
  it('staff hired in, before and after a year, in two years, since a year', async () => {
    expect(await hall.ask('List the first name and last name of staff hired in 2015')).toEqual(['Leo Park', 'Zoe King']);
    expect(await hall.ask('how many staff were hired after 2012')).toEqual(['3']);
    expect((await hall.answer('list employees hired before 2014')).sql).toMatch(/hire_yr < '2014'/);
    expect(await hall.ask('what is the average salary of staff hired since 2012')).toEqual(['31875']);
  });
  it('crops harvested in a year; their total yield in a year', async () => {
    expect(await farm.ask('list crops harvested in 2022')).toEqual(['3 maize', '4 wheat']);
    expect(await farm.ask('how many crops were harvested in 2023')).toEqual(['1']);
    expect(await farm.ask('what is the total yield in 2022')).toEqual(['131']);
  });
  it('a text column of seasons, not years, is no year column', async () => {
    refused(await farm.ask('how many crops in the 2021 season'));
  });
});

describe('two years apart ("in 2014 or 2016") are those two years, never the span between them', () => {
  it('a year column: each year named', async () => {
    expect(await hall.ask('list the titles of concerts in 2014 or 2016')).toEqual(['Spring Gala', 'Winter Strings']);
    expect((await hall.answer('how many concerts were there in 2014 or 2016')).sql).toMatch(/concert_yr IN \(2014, 2016\)/);
    expect(await farm.ask('which animals were born in 2015 or 2017')).toEqual(['A-003', 'A-005']);
    expect((await hall.answer('which staff were hired in 2012 or 2015')).sql).toMatch(/hire_yr IN \('2012', '2015'\)/);
  });
  it('a date: one span would take in the year between, so it is refused; adjacent years are one span', async () => {
    refused(await hall.ask('how many bookings in 2014 or 2016'));
    refused(await vet.ask('how many visits in 2022 or 2024'));
    expect(await vet.ask('show pets born in 2015 or 2016')).toEqual(['1 Rex', '6 Max']);
  });
});

describe('"find" asks for a list as "list" and "show" do; a word of a figure before the things asks for the figure', () => {
  it('owners and concerts found by a value of theirs are listed, never counted', async () => {
    expect(await vet.ask('Find owners whose city is Porto or Faro')).toEqual(['1 Maria Lopez', '3 Anna Costa', '4 Tom Reed']);
    expect(await hall.ask('find concerts whose genre is jazz or rock')).toEqual(['2 Night Jazz', '3 Rock On']);
    expect(await hall.ask('find staff older than 40')).toEqual(['10 Ruth Gomez', '12 Ines Silva']);
  });
  it('a figure asked with "find" stays the figure', async () => {
    expect(await vet.ask('find the number of pets')).toEqual(['6']);
    expect(await hall.ask('find the total seats sold')).toEqual(['3650']);
  });
  it('"the total visits", "the total concerts" after a list verb: the count, never the members', async () => {
    expect(await vet.ask('show the total visits in 2023')).toEqual(['3']);
    expect(await hall.ask('give the total concerts in 2015')).toEqual(['2']);
  });
});

describe('a sex or gender kept as one-letter codes is named by its words ("female pets", "male employees")', () => {
  it('pets and animals: female and male', async () => {
    expect(await vet.ask('what are the names of the female pets')).toEqual(['Bella', 'Kiwi', 'Luna']);
    expect(await vet.ask('how many male dogs are there')).toEqual(['2']);
    expect(await farm.ask('how many female animals are there')).toEqual(['3']);
    expect(await farm.ask('what is the average weight of male animals')).toEqual(['860']);
  });
  it('staff: men and women', async () => {
    expect(await hall.ask('how many male employees are there')).toEqual(['2']);
    expect(await hall.ask('what is the average salary of women')).toEqual(['34500']);
  });
  it('the codes are drafted as value synonyms only on a sex or gender column of the two codes', () => {
    const d = hall.model.dimensions?.find((x) => x.name === 'gender');
    expect(d?.value_synonyms?.F).toContain('female');
    expect(vet.model.dimensions?.find((x) => x.name === 'is_neutered')?.value_synonyms).toBeUndefined();
  });
});
