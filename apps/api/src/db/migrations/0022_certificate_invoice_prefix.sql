CREATE INDEX "certificates_invoice_number_prefix_idx" ON "certificates" USING btree (lower("invoice_number") text_pattern_ops);
