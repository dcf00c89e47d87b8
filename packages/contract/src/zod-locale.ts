import { z } from 'zod';

// Portuguese default messages for every schema (both sides import this once at start).
z.config(z.locales.pt());
