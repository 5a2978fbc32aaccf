-- Number 006 is taken by a branch developed in parallel; this empty file only keeps the numbering without a gap
-- on this branch (migrate.ts refuses gaps). Delete it when the real 006 is merged.
select 1;
