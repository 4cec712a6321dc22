"""E-mails to the players who consented: their next table once a round is published, their
result once the tournament is finished (events), written when sent (compose), sent outside the
request and retried, every attempt logged (delivery)."""
