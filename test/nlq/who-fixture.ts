/** Two small models for "who <verb>" (test/nlq/who-verbs.test.ts): a magazine and a cookery school. */
import { SemanticModelSchema } from '../../src/semantic/model.js';

export const magazine = SemanticModelSchema.parse({
  name: 'magazine',
  entities: [
    { name: 'contributor', table: 'contributor', primary_key: 'id', synonyms: ['contributors'] },
    { name: 'article', table: 'article', primary_key: 'id', synonyms: ['articles', 'pieces'] },
    { name: 'credit', table: 'credit', primary_key: 'id' },
    { name: 'magazine', table: 'magazine', primary_key: 'id', synonyms: ['magazines'] },
    { name: 'topic', table: 'topic', primary_key: 'id', synonyms: ['topics'] },
    { name: 'article_topic', table: 'article_topic', primary_key: 'id' },
  ],
  relationships: [
    { from: 'credit', to: 'contributor', on: [['contributor_id', 'id']] },
    { from: 'credit', to: 'article', on: [['article_id', 'id']] },
    { from: 'article', to: 'magazine', on: [['magazine_id', 'id']] },
    // an article may have several topics: a table of pairs
    { from: 'article_topic', to: 'article', on: [['article_id', 'id']] },
    { from: 'article_topic', to: 'topic', on: [['topic_id', 'id']] },
  ],
  dimensions: [
    { name: 'contributor_id', entity: 'contributor', sql: '${TABLE}.id', label: 'Contributor id' },
    { name: 'contributor', entity: 'contributor', sql: '${TABLE}.full_name', label: 'Contributor', index_values: true },
    { name: 'article_id', entity: 'article', sql: '${TABLE}.id', label: 'Article id' },
    { name: 'article', entity: 'article', sql: '${TABLE}.headline', label: 'Article', index_values: true },
    { name: 'magazine_id', entity: 'magazine', sql: '${TABLE}.id', label: 'Magazine id' },
    { name: 'magazine', entity: 'magazine', sql: '${TABLE}.title', label: 'Magazine', index_values: true },
    { name: 'topic', entity: 'topic', sql: '${TABLE}.label', label: 'Topic', index_values: true },
  ],
  time_dimensions: [{ name: 'printed_on', entity: 'article', sql: '${TABLE}.printed_on', label: 'Print date' }],
  measures: [
    { name: 'contributor_count', entity: 'contributor', agg: 'count', label: 'Contributors', time_bound: false },
    { name: 'article_count', entity: 'article', agg: 'count', label: 'Articles', time_dimension: 'printed_on' },
    { name: 'credit_count', entity: 'credit', agg: 'count', label: 'Credits', time_bound: false },
    { name: 'magazine_count', entity: 'magazine', agg: 'count', label: 'Magazines', time_bound: false },
    { name: 'article_topic_count', entity: 'article_topic', agg: 'count', label: 'Article topics', time_bound: false },
  ],
});
export const magazineValues = new Map([
  ['contributor', ['Iris Vale', 'Tom Reed']],
  ['article', ['Salt Marshes Revisited', 'The Night Ferry']],
  ['magazine', ['Tideline', 'North Review']],
  ['topic', ['ecology', 'travel']],
]);

export const school = SemanticModelSchema.parse({
  name: 'cookery',
  entities: [
    { name: 'student', table: 'student', primary_key: 'id', synonyms: ['students'] },
    { name: 'course', table: 'course', primary_key: 'id', synonyms: ['courses', 'classes'] },
    { name: 'enrolment', table: 'enrolment', primary_key: 'id', synonyms: ['enrolments'] },
    // students relate to courses twice: enrolled on them, and assessed on them
    { name: 'assessment', table: 'assessment', primary_key: 'id', synonyms: ['assessments'] },
    { name: 'chef', table: 'chef', primary_key: 'id', synonyms: ['chefs', 'teachers'] },
    // a course may have several chefs: a table of pairs
    { name: 'lesson', table: 'lesson', primary_key: 'id', synonyms: ['lessons'] },
    { name: 'kitchen', table: 'kitchen', primary_key: 'id', synonyms: ['kitchens'] },
  ],
  relationships: [
    { from: 'enrolment', to: 'student', on: [['student_id', 'id']] },
    { from: 'enrolment', to: 'course', on: [['course_id', 'id']] },
    { from: 'assessment', to: 'student', on: [['student_id', 'id']] },
    { from: 'assessment', to: 'course', on: [['course_id', 'id']] },
    { from: 'lesson', to: 'chef', on: [['chef_id', 'id']] },
    { from: 'lesson', to: 'course', on: [['course_id', 'id']] },
    { from: 'course', to: 'kitchen', on: [['kitchen_id', 'id']] },
  ],
  dimensions: [
    { name: 'student_id', entity: 'student', sql: '${TABLE}.id', label: 'Student id' },
    { name: 'first_name', entity: 'student', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'student', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'course_id', entity: 'course', sql: '${TABLE}.id', label: 'Course id' },
    { name: 'course', entity: 'course', sql: '${TABLE}.title', label: 'Course', index_values: true },
    { name: 'cuisine', entity: 'course', sql: '${TABLE}.cuisine', label: 'Cuisine', index_values: true },
    { name: 'chef_id', entity: 'chef', sql: '${TABLE}.id', label: 'Chef id' },
    { name: 'chef', entity: 'chef', sql: '${TABLE}.name', label: 'Chef', index_values: true },
    { name: 'kitchen_id', entity: 'kitchen', sql: '${TABLE}.id', label: 'Kitchen id' },
    { name: 'kitchen', entity: 'kitchen', sql: '${TABLE}.name', label: 'Kitchen', index_values: true },
  ],
  measures: [
    { name: 'student_count', entity: 'student', agg: 'count', label: 'Students', time_bound: false },
    { name: 'course_count', entity: 'course', agg: 'count', label: 'Courses', time_bound: false },
    { name: 'enrolment_count', entity: 'enrolment', agg: 'count', label: 'Enrolments', time_bound: false },
    { name: 'assessment_count', entity: 'assessment', agg: 'count', label: 'Assessments', time_bound: false },
    { name: 'chef_count', entity: 'chef', agg: 'count', label: 'Chefs', time_bound: false },
    { name: 'lesson_count', entity: 'lesson', agg: 'count', label: 'Lessons', time_bound: false },
    { name: 'kitchen_count', entity: 'kitchen', agg: 'count', label: 'Kitchens', time_bound: false },
  ],
});
export const schoolValues = new Map([
  ['course', ['Pastry Basics', 'Knife Skills']],
  ['cuisine', ['french', 'thai']],
  ['chef', ['Mara Quill']],
  ['kitchen', ['Harbour Kitchen']],
]);

/** Guests relate to hotels twice, through their bookings and through their reviews: a verb names one. */
export const hotels = SemanticModelSchema.parse({
  name: 'hotels',
  entities: [
    { name: 'guest', table: 'guest', primary_key: 'id', synonyms: ['guests'] },
    { name: 'hotel', table: 'hotel', primary_key: 'id', synonyms: ['hotels'] },
    { name: 'booking', table: 'booking', primary_key: 'id', synonyms: ['bookings'] },
    { name: 'review', table: 'review', primary_key: 'id', synonyms: ['reviews'] },
  ],
  relationships: [
    { from: 'booking', to: 'guest', on: [['guest_id', 'id']] },
    { from: 'booking', to: 'hotel', on: [['hotel_id', 'id']] },
    { from: 'review', to: 'guest', on: [['guest_id', 'id']] },
    { from: 'review', to: 'hotel', on: [['hotel_id', 'id']] },
  ],
  dimensions: [
    { name: 'guest_id', entity: 'guest', sql: '${TABLE}.id', label: 'Guest id' },
    { name: 'guest', entity: 'guest', sql: '${TABLE}.name', label: 'Guest', index_values: true },
    { name: 'hotel_id', entity: 'hotel', sql: '${TABLE}.id', label: 'Hotel id' },
    { name: 'hotel', entity: 'hotel', sql: '${TABLE}.name', label: 'Hotel', index_values: true },
    { name: 'town', entity: 'hotel', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'review_text', entity: 'review', sql: '${TABLE}.body', label: 'Review text' },
  ],
  measures: [
    { name: 'guest_count', entity: 'guest', agg: 'count', label: 'Guests', time_bound: false },
    { name: 'hotel_count', entity: 'hotel', agg: 'count', label: 'Hotels', time_bound: false },
    { name: 'booking_count', entity: 'booking', agg: 'count', label: 'Bookings', time_bound: false },
    { name: 'review_count', entity: 'review', agg: 'count', label: 'Reviews', time_bound: false },
  ],
});
export const hotelValues = new Map([
  ['guest', ['Nell Park']],
  ['hotel', ['The Crescent']],
  ['town', ['Bath', 'Ripon']],
]);

/**
 * A film archive: directors make films, films are screened at festivals (a screening per film and festival),
 * critics review films. "who screened at X": the directors whose films have screenings at X.
 */
export const archive = SemanticModelSchema.parse({
  name: 'archive',
  entities: [
    { name: 'director', table: 'director', primary_key: 'id', synonyms: ['directors'] },
    { name: 'film', table: 'film', primary_key: 'id', synonyms: ['films'] },
    { name: 'festival', table: 'festival', primary_key: 'id', synonyms: ['festivals'] },
    { name: 'screening', table: 'screening', primary_key: 'id', synonyms: ['screenings'] },
    { name: 'city', table: 'city', primary_key: 'id', synonyms: ['cities'] },
  ],
  relationships: [
    { from: 'film', to: 'director', on: [['director_id', 'id']] },
    { from: 'screening', to: 'film', on: [['film_id', 'id']] },
    { from: 'screening', to: 'festival', on: [['festival_id', 'id']] },
    { from: 'festival', to: 'city', on: [['city_id', 'id']] },
  ],
  dimensions: [
    { name: 'director_id', entity: 'director', sql: '${TABLE}.id', label: 'Director id' },
    { name: 'director', entity: 'director', sql: '${TABLE}.full_name', label: 'Director', index_values: true },
    { name: 'film_id', entity: 'film', sql: '${TABLE}.id', label: 'Film id' },
    { name: 'film', entity: 'film', sql: '${TABLE}.title', label: 'Film', index_values: true },
    { name: 'festival_id', entity: 'festival', sql: '${TABLE}.id', label: 'Festival id' },
    { name: 'festival', entity: 'festival', sql: '${TABLE}.name', label: 'Festival', index_values: true },
    { name: 'city_id', entity: 'city', sql: '${TABLE}.id', label: 'City id' },
    { name: 'city', entity: 'city', sql: '${TABLE}.name', label: 'City', index_values: true },
  ],
  time_dimensions: [{ name: 'screened_on', entity: 'screening', sql: '${TABLE}.screened_on', label: 'Screening date' }],
  measures: [
    { name: 'director_count', entity: 'director', agg: 'count', label: 'Directors', time_bound: false },
    { name: 'film_count', entity: 'film', agg: 'count', label: 'Films', time_bound: false },
    { name: 'festival_count', entity: 'festival', agg: 'count', label: 'Festivals', time_bound: false },
    { name: 'screening_count', entity: 'screening', agg: 'count', label: 'Screenings', time_dimension: 'screened_on' },
    { name: 'city_count', entity: 'city', agg: 'count', label: 'Cities', time_bound: false },
  ],
});
export const archiveValues = new Map([
  ['director', ['Ines Moreau', 'Kofi Mensah']],
  ['film', ['Low Tide', 'Paper Moons']],
  ['festival', ['Lumen Fest', 'Northlight']],
  ['city', ['Lisbon', 'Tromso']],
]);

/**
 * Court bookings: members book courts, each court at one venue. A clinic beside it: doctors and patients
 * meet in appointments, so "who booked" is the members while "who attended" could be doctors or patients.
 */
export const courts = SemanticModelSchema.parse({
  name: 'courts',
  entities: [
    { name: 'member', table: 'member', primary_key: 'id', synonyms: ['members'] },
    { name: 'booking', table: 'booking', primary_key: 'id', synonyms: ['bookings'] },
    { name: 'court', table: 'court', primary_key: 'id', synonyms: ['courts'] },
    { name: 'venue', table: 'venue', primary_key: 'id', synonyms: ['venues'] },
    { name: 'doctor', table: 'doctor', primary_key: 'id', synonyms: ['doctors'] },
    { name: 'patient', table: 'patient', primary_key: 'id', synonyms: ['patients'] },
    { name: 'appointment', table: 'appointment', primary_key: 'id', synonyms: ['appointments'] },
    { name: 'clinic', table: 'clinic', primary_key: 'id', synonyms: ['clinics'] },
  ],
  relationships: [
    { from: 'booking', to: 'member', on: [['member_id', 'id']] },
    { from: 'booking', to: 'court', on: [['court_id', 'id']] },
    { from: 'court', to: 'venue', on: [['venue_id', 'id']] },
    { from: 'appointment', to: 'doctor', on: [['doctor_id', 'id']] },
    { from: 'appointment', to: 'patient', on: [['patient_id', 'id']] },
    { from: 'appointment', to: 'clinic', on: [['clinic_id', 'id']] },
  ],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', label: 'Member id' },
    { name: 'first_name', entity: 'member', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'member', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'court_id', entity: 'court', sql: '${TABLE}.id', label: 'Court id' },
    { name: 'surface', entity: 'court', sql: '${TABLE}.surface', label: 'Surface', index_values: true },
    { name: 'venue_id', entity: 'venue', sql: '${TABLE}.id', label: 'Venue id' },
    { name: 'venue', entity: 'venue', sql: '${TABLE}.name', label: 'Venue', index_values: true },
    { name: 'doctor_id', entity: 'doctor', sql: '${TABLE}.id', label: 'Doctor id' },
    { name: 'doctor', entity: 'doctor', sql: '${TABLE}.name', label: 'Doctor', index_values: true },
    { name: 'patient_id', entity: 'patient', sql: '${TABLE}.id', label: 'Patient id' },
    { name: 'patient', entity: 'patient', sql: '${TABLE}.name', label: 'Patient', index_values: true },
    { name: 'clinic_id', entity: 'clinic', sql: '${TABLE}.id', label: 'Clinic id' },
    { name: 'clinic', entity: 'clinic', sql: '${TABLE}.name', label: 'Clinic', index_values: true },
  ],
  time_dimensions: [
    { name: 'booked_on', entity: 'booking', sql: '${TABLE}.booked_on', label: 'Booking date' },
    { name: 'seen_on', entity: 'appointment', sql: '${TABLE}.seen_on', label: 'Appointment date' },
  ],
  measures: [
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', time_bound: false },
    { name: 'booking_count', entity: 'booking', agg: 'count', label: 'Bookings', time_dimension: 'booked_on' },
    { name: 'court_count', entity: 'court', agg: 'count', label: 'Courts', time_bound: false },
    { name: 'venue_count', entity: 'venue', agg: 'count', label: 'Venues', time_bound: false },
    { name: 'doctor_count', entity: 'doctor', agg: 'count', label: 'Doctors', time_bound: false },
    { name: 'patient_count', entity: 'patient', agg: 'count', label: 'Patients', time_bound: false },
    { name: 'appointment_count', entity: 'appointment', agg: 'count', label: 'Appointments', time_dimension: 'seen_on' },
    { name: 'clinic_count', entity: 'clinic', agg: 'count', label: 'Clinics', time_bound: false },
  ],
});
export const courtsValues = new Map([
  ['venue', ['Riverside', 'Hilltop']],
  ['surface', ['clay', 'grass']],
  ['doctor', ['Dr Amara Osei']],
  ['patient', ['Lena Holt']],
  ['clinic', ['Eastgate']],
]);

/** Owners share properties through one table of pairs: "co-owners". */
export const estates = SemanticModelSchema.parse({
  name: 'estates',
  entities: [
    { name: 'owner', table: 'owner', primary_key: 'id', synonyms: ['owners'] },
    { name: 'property', table: 'property', primary_key: 'id', synonyms: ['properties'] },
    { name: 'ownership', table: 'ownership', primary_key: 'id' },
  ],
  relationships: [
    { from: 'ownership', to: 'owner', on: [['owner_id', 'id']] },
    { from: 'ownership', to: 'property', on: [['property_id', 'id']] },
  ],
  dimensions: [
    { name: 'owner_id', entity: 'owner', sql: '${TABLE}.id', label: 'Owner id' },
    { name: 'first_name', entity: 'owner', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'owner', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'full_name', entity: 'owner', sql: "${TABLE}.first_name || ' ' || ${TABLE}.last_name", label: 'Owner', index_values: true },
    { name: 'property_id', entity: 'property', sql: '${TABLE}.id', label: 'Property id' },
    { name: 'property', entity: 'property', sql: '${TABLE}.address', label: 'Property', index_values: true },
  ],
  measures: [
    { name: 'owner_count', entity: 'owner', agg: 'count', label: 'Owners', time_bound: false },
    { name: 'property_count', entity: 'property', agg: 'count', label: 'Properties', time_bound: false },
    { name: 'ownership_count', entity: 'ownership', agg: 'count', label: 'Ownerships', time_bound: false },
  ],
});
export const estatesValues = new Map([
  ['full_name', ['Rhea Stone', 'Milo Grant']],
  ['property', ['12 Quay Street']],
]);

/** Investigators share grants and also sit together on panels: two tables of pairs, so "co-investigators" is not one. */
export const grants = SemanticModelSchema.parse({
  name: 'grants',
  entities: [
    { name: 'investigator', table: 'investigator', primary_key: 'id', synonyms: ['investigators', 'researchers'] },
    { name: 'grant', table: 'grant', primary_key: 'id', synonyms: ['grants'] },
    { name: 'grant_investigator', table: 'grant_investigator', primary_key: 'id' },
    { name: 'panel', table: 'panel', primary_key: 'id', synonyms: ['panels'] },
    { name: 'panel_seat', table: 'panel_seat', primary_key: 'id' },
  ],
  relationships: [
    { from: 'grant_investigator', to: 'investigator', on: [['investigator_id', 'id']] },
    { from: 'grant_investigator', to: 'grant', on: [['grant_id', 'id']] },
    { from: 'panel_seat', to: 'investigator', on: [['investigator_id', 'id']] },
    { from: 'panel_seat', to: 'panel', on: [['panel_id', 'id']] },
  ],
  dimensions: [
    { name: 'investigator_id', entity: 'investigator', sql: '${TABLE}.id', label: 'Investigator id' },
    { name: 'investigator', entity: 'investigator', sql: '${TABLE}.name', label: 'Investigator', index_values: true },
    { name: 'grant_id', entity: 'grant', sql: '${TABLE}.id', label: 'Grant id' },
    { name: 'grant', entity: 'grant', sql: '${TABLE}.title', label: 'Grant', index_values: true },
    { name: 'panel_id', entity: 'panel', sql: '${TABLE}.id', label: 'Panel id' },
    { name: 'panel', entity: 'panel', sql: '${TABLE}.name', label: 'Panel', index_values: true },
  ],
  measures: [
    { name: 'investigator_count', entity: 'investigator', agg: 'count', label: 'Investigators', time_bound: false },
    { name: 'grant_count', entity: 'grant', agg: 'count', label: 'Grants', time_bound: false },
    { name: 'grant_investigator_count', entity: 'grant_investigator', agg: 'count', label: 'Grant investigators', time_bound: false },
    { name: 'panel_count', entity: 'panel', agg: 'count', label: 'Panels', time_bound: false },
    { name: 'panel_seat_count', entity: 'panel_seat', agg: 'count', label: 'Panel seats', time_bound: false },
  ],
});
export const grantsValues = new Map([
  ['investigator', ['Dana Whit']],
  ['grant', ['Coastal Erosion Study']],
  ['panel', ['Earth Sciences']],
]);
