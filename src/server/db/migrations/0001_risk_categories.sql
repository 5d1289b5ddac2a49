-- The two fixed risk categories of the wallet; their ids are constants in schema.ts.
INSERT INTO "risk_categories" ("id", "name", "label") VALUES
  ('00000000-0000-4000-8000-000000000001', 'lowrisk', 'Conservative'),
  ('00000000-0000-4000-8000-000000000002', 'highrisk', 'Aggressive');
