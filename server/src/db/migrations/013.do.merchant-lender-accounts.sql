-- Which lender account an application went to (ADR 22): the portal's own account in the
-- application's country, or the merchant's own. Kept from the submission on, so status polling,
-- signing and cancelling speak to the lender through the account the payment was made with.
-- Only who: {"source": "portal" | "merchant", "country": "NO" | "SE", "id": <client id or
-- username>}, never a secret. NULL for GRENKE and for rows made before this column (those went
-- through the portal's account of their country).
ALTER TABLE provider_applications ADD COLUMN lender_account jsonb;
