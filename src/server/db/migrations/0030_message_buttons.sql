-- An outgoing message's interactive part (reply buttons, list rows, a URL button), as sent: the
-- WhatsApp testing page shows it, and a person taps a button there to simulate the reply.
ALTER TABLE "messages" ADD COLUMN "interactive" jsonb;
