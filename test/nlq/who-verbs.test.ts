/**
 * "who <verb> ...": the people a verb relates to its object, listed (key and names). Two vocabularies of our
 * own: a magazine (contributors credited on articles through a table of pairs, articles in issues of
 * magazines) and a cookery school (students enrolled on courses through a table of pairs, each course taught
 * by one chef). Exactly one kind of people related by the verb is read; two, none, or a ranking stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import {
  archive,
  archiveValues,
  courts,
  courtsValues,
  hotels,
  hotelValues,
  magazine,
  magazineValues,
  school,
  schoolValues,
} from './who-fixture.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';

const askIn = (model: typeof school, values: Map<string, string[]>) => (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const askMagazine = askIn(magazine, magazineValues);
const askSchool = askIn(school, schoolValues);
const askHotels = askIn(hotels, hotelValues);
const askArchive = askIn(archive, archiveValues);
const askCourts = askIn(courts, courtsValues);

function query(ask: (q: string) => ReturnType<typeof interpret>, model: typeof school, q: string) {
  const r = ask(q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  // the reading compiles
  compile(model, r.query, dialectFor('duckdb'));
  return r.query;
}
const groups = (q: { group_by: { dimension: string }[] }) => q.group_by.map((g) => g.dimension);

describe('"who <verb>": the one kind of people the verb relates to its object, listed', () => {
  it('through a table of pairs, with a period of the object', () => {
    for (const q of ['who wrote articles in 2019', 'who has written articles in 2019', 'who contributed articles in 2019']) {
      const r = query(askMagazine, magazine, q);
      expect(groups(r), q).toEqual(['contributor_id', 'contributor']);
      expect(r.time_range?.label, q).toBe('2019');
      expect(r.limit, q).toBeUndefined();
    }
  });
  it('through a table of pairs, with a value of a thing the object reaches', () => {
    const r = query(askMagazine, magazine, 'who wrote articles in Tideline');
    expect(groups(r)).toEqual(['contributor_id', 'contributor']);
    const conditions = JSON.stringify(r.entity_conditions ?? r.filters);
    expect(conditions).toContain('Tideline');
  });
  it('a person named by a first and a last name is listed by key and both names', () => {
    for (const q of ['who enrolled on courses in Harbour Kitchen', 'who has enrolled on french courses']) {
      const r = query(askSchool, school, q);
      expect(groups(r), q).toEqual(['student_id', 'first_name', 'last_name']);
    }
  });
  it('a verb naming the people ("taught": the teachers) or the table of pairs ("enrolled": enrolments) picks them', () => {
    const taught = query(askSchool, school, 'who teaches Pastry Basics');
    expect(groups(taught)).toEqual(['chef_id', 'chef']);
    expect(taught.filters).toContainEqual({ dimension: 'course', op: 'eq', values: ['Pastry Basics'] });
    const chefs = query(askSchool, school, 'who has taught courses in Harbour Kitchen');
    expect(groups(chefs)).toEqual(['chef_id', 'chef']);
    // (students reach courses through enrolments and through assessments: the verb names one)
    for (const [q, rows] of [['who enrolled on french courses', 'enrolment_count']] as const) {
      const students = query(askSchool, school, q);
      expect(groups(students), q).toEqual(['student_id', 'first_name', 'last_name']);
      expect(students.entity_conditions?.[0]?.metric, q).toBe(rows);
    }
  });
  it('the object a value names ("who wrote The Night Ferry")', () => {
    const r = query(askMagazine, magazine, 'who wrote The Night Ferry');
    expect(groups(r)).toEqual(['contributor_id', 'contributor']);
    expect(r.filters).toContainEqual({ dimension: 'article', op: 'eq', values: ['The Night Ferry'] });
  });
});

describe('"how many people <verb>", "who is <verb>ing": the same people, counted or listed', () => {
  it('counts the people the verb relates to its object', () => {
    const enrolled = query(askSchool, school, 'how many people enrolled on french courses');
    expect(enrolled.metrics).toEqual(['student_count']);
    expect(enrolled.entity_conditions?.[0]?.metric).toBe('enrolment_count');
    const teach = query(askSchool, school, 'how many people teach Pastry Basics');
    expect(teach.metrics).toEqual(['chef_count']);
    expect(teach.filters).toEqual([{ dimension: 'course', op: 'eq', values: ['Pastry Basics'] }]);
    const reviewed = query(askHotels, hotels, 'how many people reviewed hotels in Bath');
    expect(reviewed.metrics).toEqual(['guest_count']);
    expect(reviewed.entity_conditions?.[0]?.metric).toBe('review_count');
  });
  it('a progressive "who is teaching"', () => {
    expect(groups(query(askSchool, school, 'who is teaching Pastry Basics'))).toEqual(['chef_id', 'chef']);
  });
  it('stays refused when the verb picks no one kind of people', () => {
    expect(askSchool('how many people attended Pastry Basics').kind).not.toBe('query');
    expect(askHotels('how many people stayed at hotels in Bath').kind).not.toBe('query');
  });
});

describe('"who" stays refused when the verb does not pick one kind of people', () => {
  const refused = (ask: (q: string) => ReturnType<typeof interpret>, q: string) => expect(ask(q).kind, q).not.toBe('query');
  it('two kinds of people relate to the object (students and chefs of a course)', () => {
    // (a verb naming neither the chefs nor the enrolments: students attend, or chefs?)
    refused(askSchool, 'who attended Pastry Basics');
    refused(askSchool, 'who has taken courses in Harbour Kitchen');
    refused(askSchool, 'who is in Pastry Basics');
  });
  it('a ranking of the people ("the most") is not a list of them', () => {
    refused(askMagazine, 'who wrote the most articles in 2019');
    refused(askMagazine, 'who has written the most articles about ecology');
  });
  it('no people reach the object in one step of the model', () => {
    // topics reach contributors only through articles and credits: a chain the verb does not name
    refused(askMagazine, 'who covered ecology');
  });
});

describe('"what has X <verb>", "what <things> does X <verb> in": the things the verb reaches from a member', () => {
  it("the one thing with members the verb relates to the member: the member's own", () => {
    const written = query(askMagazine, magazine, 'what has Iris Vale written');
    expect(groups(written)).toEqual(['article_id', 'article']);
    expect(written.filters).toContainEqual({ dimension: 'contributor', op: 'eq', values: ['Iris Vale'] });
    const taught = query(askSchool, school, 'what has Mara Quill taught');
    expect(groups(taught)).toEqual(['course_id', 'course']);
    expect(taught.filters).toContainEqual({ dimension: 'chef', op: 'eq', values: ['Mara Quill'] });
  });
  it('the things asked for, of the rows the verb relates to the member', () => {
    for (const q of ['which magazines does Iris Vale write for', 'what magazines has Iris Vale written in']) {
      const r = query(askMagazine, magazine, q);
      expect(groups(r), q).toEqual(['magazine_id', 'magazine']);
      expect(r.filters, q).toContainEqual({ dimension: 'contributor', op: 'eq', values: ['Iris Vale'] });
    }
    const kitchens = query(askSchool, school, 'which kitchens does Mara Quill teach in');
    expect(groups(kitchens)).toEqual(['kitchen_id', 'kitchen']);
    expect(kitchens.filters).toContainEqual({ dimension: 'chef', op: 'eq', values: ['Mara Quill'] });
  });
  it('stays refused when two things are reached, or the verb names a column', () => {
    const refused = (ask: (q: string) => ReturnType<typeof interpret>, q: string) => expect(ask(q).kind, q).not.toBe('query');
    // a course relates to its kitchen, its students and its chefs
    refused(askSchool, 'what has Pastry Basics involved');
    // (the topics of her articles, through article_topic, are the linking verb's: test/nlq/paired-chain-verbs.test.ts)
    // "printed" names the print date: a date, not a relation
    refused(askMagazine, 'what has Iris Vale printed');
  });
});

describe('a verb naming one of several tables that link two things reads through that one', () => {
  it('members with rows of the table the verb names ("guests who reviewed hotels in Bath")', () => {
    for (const [q, rows] of [
      ['which guests reviewed hotels in Bath', 'review_count'],
      ['list the guests who have reviewed hotels in Bath', 'review_count'],
      ['which students enrolled on french courses', 'enrolment_count'],
    ] as const) {
      const r = query(q.includes('guests') ? askHotels : askSchool, q.includes('guests') ? hotels : school, q);
      expect(r.entity_conditions?.[0]?.metric, q).toBe(rows);
      expect(JSON.stringify(r.entity_conditions), q).toMatch(/Bath|french/);
    }
  });
  it('a verb naming none of them stays unread', () => {
    const r = askHotels('which guests visited hotels in Bath');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.unconsumed ?? []).toContain('visited');
    expect(askHotels('who stayed at hotels in Bath').kind).not.toBe('query');
    // a count the query reads through the other table: the verb is not what it says
    const counted = askHotels('how many hotels has each guest reviewed');
    expect(counted.kind).toBe('out_of_scope');
  });
});

describe('"who <verb> in/at X" with no object: the people with rows of the table the verb names there', () => {
  it('a place a value names, reached from the rows (screenings at a festival, bookings at a venue)', () => {
    for (const [q, place] of [
      ['who screened at Lumen Fest', 'Lumen Fest'],
      ['who has screened in Lisbon', 'Lisbon'],
    ] as const) {
      const r = query(askArchive, archive, q);
      expect(groups(r), q).toEqual(['director_id', 'director']);
      expect(r.entity_conditions?.[0]?.metric, q).toBe('screening_count');
      expect(JSON.stringify(r.entity_conditions), q).toContain(place);
    }
    const booked = query(askCourts, courts, 'who booked at Riverside');
    expect(groups(booked)).toEqual(['member_id', 'first_name', 'last_name']);
    expect(booked.entity_conditions?.[0]).toMatchObject({ entity: 'member', metric: 'booking_count' });
    expect(JSON.stringify(booked.entity_conditions)).toContain('Riverside');
  });
  it('a time of the rows, with or without a place', () => {
    const r = query(askCourts, courts, 'who booked at Hilltop in 2023');
    expect(groups(r)).toEqual(['member_id', 'first_name', 'last_name']);
    expect(r.time_range?.label).toBe('2023');
    expect(r.filters).toContainEqual({ dimension: 'venue', op: 'eq', values: ['Hilltop'] });
    const screened = query(askArchive, archive, 'who screened in 2023');
    expect(groups(screened)).toEqual(['director_id', 'director']);
    expect(screened.time_range?.label).toBe('2023');
  });
  it('"how many people <verb> at X" counts the same people', () => {
    const r = query(askArchive, archive, 'how many people screened at Northlight');
    expect(r.metrics).toEqual(['director_count']);
    expect(r.entity_conditions?.[0]?.metric).toBe('screening_count');
  });
  it('stays refused when the verb names no table, or two kinds of people meet in its rows', () => {
    const refused = (ask: (q: string) => ReturnType<typeof interpret>, q: string) => expect(ask(q).kind, q).not.toBe('query');
    // ("played" names nothing of the model: no rows to be at Riverside)
    refused(askCourts, 'who played at Riverside');
    refused(askArchive, 'who premiered at Lumen Fest');
    // doctors and patients both meet in the appointments at a clinic
    const both = askCourts('who attended Eastgate');
    expect(both.kind).toBe('out_of_scope');
    if (both.kind === 'out_of_scope') expect(both.reason).toMatch(/doctors or the patients/);
    expect(askCourts('how many people attended Eastgate').kind).toBe('out_of_scope');
  });
});
