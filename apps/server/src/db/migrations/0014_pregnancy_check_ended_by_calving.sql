-- A calving after a cow's latest insemination ends that cycle, and its pregnancy check with it
-- (cow-dates.ts). Cows whose calving was recorded before that rule kept the old check as a date to come
-- ("Pregnancy check Dec 11, 2025" on a cow that calved in August). Clear it where it is still the one the
-- insemination gave; a day typed on the cow itself differs from it and stays, as it would on any change.
UPDATE cows
   SET pregnancy_check_date = NULL, pregnancy_check_manual = false, updated_at = now()
  FROM (SELECT DISTINCT ON (cow_id) cow_id, farm_id, planned_at, pregnancy_check_date, pregnancy_check_manual
          FROM fertilization_records
         ORDER BY cow_id, planned_at DESC, id DESC) AS latest
 WHERE cows.id = latest.cow_id
   AND cows.farm_id = latest.farm_id
   AND cows.pregnancy_check_date = latest.pregnancy_check_date
   AND cows.pregnancy_check_manual = latest.pregnancy_check_manual
   AND EXISTS (SELECT 1 FROM calving_records calving
                WHERE calving.farm_id = cows.farm_id AND calving.cow_id = cows.id
                  AND calving.calved_at >= latest.planned_at);
