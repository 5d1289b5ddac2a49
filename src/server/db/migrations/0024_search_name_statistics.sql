-- A part of a name ('%elgad%') is estimated from the histogram of provider_search.name. At the
-- default 100 entries one entry is 1% of the table, so a sample that put two or three names of a
-- common surname in it made the planner read a whole btree index instead of the trigram index's
-- few. 1,000 entries (and a sample of 300,000 rows) make that estimate steady.
ALTER TABLE "provider_search" ALTER COLUMN "name" SET STATISTICS 1000;
