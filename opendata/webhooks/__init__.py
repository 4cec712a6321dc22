"""A club's webhooks: the events an evening announces (`events`) become deliveries kept in the
database with the change that caused them, and are sent by `delivery`, outside any request,
signed, with a short timeout, and retried with back-off until answered (each attempt logged
with its answer)."""
