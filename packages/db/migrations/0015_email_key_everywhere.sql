-- The mailbox key as the database knows it: the server's emailKey() (lower case, surrounding
-- spaces gone, a "+tag" dropped for every domain, and for gmail.com and googlemail.com the dots
-- dropped and the domain read as gmail.com). An account inserted without its key, by whatever
-- path, gets it here, so the one-account-per-mailbox index (users_email_key_unique) holds for
-- every insert, not only for the ones that remembered to set it.
CREATE FUNCTION "email_key"(address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com')
    THEN replace(mailbox, '.', '') || '@gmail.com'
    ELSE mailbox || '@' || domain
  END
  FROM (
    SELECT split_part(split_part(a, '@', 1), '+', 1) AS mailbox, split_part(a, '@', 2) AS domain
    FROM (SELECT lower(btrim(address)) AS a) AS lowered
  ) AS parts
$$;--> statement-breakpoint
CREATE FUNCTION "users_email_key_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email_key IS NULL THEN
    NEW.email_key := "email_key"(NEW.email);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_email_key_fill" BEFORE INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_email_key_fill"();
