-- Every sale rewrites the balance of one or two accounts. With full pages PostgreSQL cannot keep
-- the new row version on the same page (a HOT update), and each update then writes into both of
-- the table's indexes: 90% of the updates in the 1M-customer bench. Leaving a fifth of each page
-- free keeps them HOT (bench/RESULTS.md). Pages written before this keep their layout until rewritten.
ALTER TABLE conta SET (fillfactor = 80);
