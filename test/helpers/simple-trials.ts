/**
 * Simple questions on the two sample databases kept in the repository (Chinook and Northwind, both
 * PostgreSQL), written on 2026-11-29 from their schemas alone, before any was asked: the everyday
 * shapes of issue #24 — counting words, several aggregates at once, a row condition on a thing's own
 * attribute, years, values the user names, names of things, distinct values, ordering and the top N.
 * Most read one table; a few reach a second one by its name. Asked after `quarry init --yes`,
 * unedited, by `npm run bench init-trials` (second table).
 */
import type { Trial } from './init-trials.js';

export const CHINOOK_SIMPLE: Trial[] = [
  ['count the customers', 'SELECT count(*) FROM customer'],
  ['how many different countries do our customers come from', 'SELECT count(DISTINCT country) FROM customer'],
  ['the minimum and maximum invoice total', 'SELECT min(total), max(total) FROM invoice'],
  ['average and total of the invoice totals', 'SELECT avg(total), sum(total) FROM invoice'],
  ['first and last names of the customers in Brazil', "SELECT first_name, last_name FROM customer WHERE country = 'Brazil'"],
  ['how many tracks are longer than 400000 milliseconds', 'SELECT count(*) FROM track WHERE milliseconds > 400000'],
  ['number of invoices with a total above 10', 'SELECT count(*) FROM invoice WHERE total > 10'],
  ['distinct billing cities in Germany', "SELECT DISTINCT billing_city FROM invoice WHERE billing_country = 'Germany'"],
  ['the 3 longest tracks', 'SELECT name FROM track ORDER BY milliseconds DESC LIMIT 3'],
  ['the lowest track unit price', 'SELECT min(unit_price) FROM track'],
  ['list all media types', 'SELECT name FROM media_type'],
  ['how many tracks cost 1.99', 'SELECT count(*) FROM track WHERE unit_price = 1.99'],
  ['number of customers in each city', 'SELECT city, count(*) FROM customer GROUP BY city'],
  ['employees born after 1970', "SELECT first_name, last_name FROM employee WHERE birth_date >= '1971-01-01'"],
  ['what job titles do employees have', 'SELECT DISTINCT title FROM employee'],
  ['how many invoices were billed to Paris', "SELECT count(*) FROM invoice WHERE billing_city = 'Paris'"],
  ['which country has the most customers', 'SELECT country FROM customer GROUP BY country ORDER BY count(*) DESC LIMIT 1'],
  ['the oldest employee', 'SELECT first_name, last_name FROM employee ORDER BY birth_date LIMIT 1'],
  ['how many tracks were composed by AC/DC', "SELECT count(*) FROM track WHERE composer = 'AC/DC'"],
  ['average unit price of tracks', 'SELECT avg(unit_price) FROM track'],
  ['email addresses of customers from Canada', "SELECT email FROM customer WHERE country = 'Canada'"],
  ['how many customers have no company', 'SELECT count(*) FROM customer WHERE company IS NULL'],
  [
    'invoices per billing country, most first',
    'SELECT billing_country, count(*) AS n FROM invoice GROUP BY billing_country ORDER BY n DESC',
  ],
  ['the total number of bytes of all tracks', 'SELECT sum(bytes) FROM track'],
  ['how many albums does the artist Queen have', "SELECT count(*) FROM album al JOIN artist ar USING (artist_id) WHERE ar.name = 'Queen'"],
];

export const NORTHWIND_SIMPLE: Trial[] = [
  ['how many products are discontinued', 'SELECT count(*) FROM products WHERE discontinued = 1'],
  ['count the suppliers in Germany', "SELECT count(*) FROM suppliers WHERE country = 'Germany'"],
  ['the highest and lowest product unit price', 'SELECT max(unit_price), min(unit_price) FROM products'],
  ['products with fewer than 10 units in stock', 'SELECT product_name FROM products WHERE units_in_stock < 10'],
  ['how many different countries are our suppliers in', 'SELECT count(DISTINCT country) FROM suppliers'],
  ['company names of the shippers', 'SELECT company_name FROM shippers'],
  ['total freight of orders shipped to France', "SELECT sum(freight) FROM orders WHERE ship_country = 'France'"],
  ['how many orders were placed in 1997', "SELECT count(*) FROM orders WHERE order_date >= '1997-01-01' AND order_date < '1998-01-01'"],
  ['average freight per order', 'SELECT avg(freight) FROM orders'],
  ['employees hired after 1993', "SELECT first_name, last_name FROM employees WHERE hire_date >= '1994-01-01'"],
  ['the 5 most expensive products', 'SELECT product_name FROM products ORDER BY unit_price DESC LIMIT 5'],
  ['customers located in London', "SELECT company_name FROM customers WHERE city = 'London'"],
  ['number of customers per country', 'SELECT country, count(*) FROM customers GROUP BY country'],
  ['phone number of the shipper Speedy Express', "SELECT phone FROM shippers WHERE company_name = 'Speedy Express'"],
  ['contact name and title of the suppliers in Japan', "SELECT contact_name, contact_title FROM suppliers WHERE country = 'Japan'"],
  ['products priced between 20 and 30', 'SELECT product_name FROM products WHERE unit_price BETWEEN 20 AND 30'],
  ['how many order lines have a discount of at least 10%', 'SELECT count(*) FROM order_details WHERE discount >= 0.1'],
  ['total quantity ordered', 'SELECT sum(quantity) FROM order_details'],
  ['who was hired most recently', 'SELECT first_name, last_name FROM employees ORDER BY hire_date DESC LIMIT 1'],
  ['category names and descriptions', 'SELECT category_name, description FROM categories'],
  ['which cities do our employees live in', 'SELECT DISTINCT city FROM employees'],
  ['how many orders have not been shipped', 'SELECT count(*) FROM orders WHERE shipped_date IS NULL'],
  [
    'average unit price of products in the Beverages category',
    "SELECT avg(p.unit_price) FROM products p JOIN categories c USING (category_id) WHERE c.category_name = 'Beverages'",
  ],
  ['sum of units in stock', 'SELECT sum(units_in_stock) FROM products'],
  ['how many customers have no fax number', 'SELECT count(*) FROM customers WHERE fax IS NULL'],
];
