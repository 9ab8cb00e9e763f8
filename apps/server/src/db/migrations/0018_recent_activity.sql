-- The list judges a cow's activity over her last two hours, not one 10-minute count (decision 0013): the
-- detection stage writes current_activity as her mean count over those readings and usual_activity as her
-- mean at the same hours (activity_by_hour, reading by reading). Null until the stage has judged her once;
-- the list then holds her newest reading against activity_by_hour at its hour, as before.
ALTER TABLE cows ADD COLUMN usual_activity numeric(8, 2);
