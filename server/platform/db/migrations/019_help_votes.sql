-- The help centre's "was this helpful?" (contract/help.ts): one row per article and anonymous voter; a second
-- vote of the same voter replaces the first, so the counts are of voters, not of clicks.
create table help_votes (
  article_id text not null,
  voter_id text not null,
  helpful boolean not null,
  ip text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (article_id, voter_id)
);
