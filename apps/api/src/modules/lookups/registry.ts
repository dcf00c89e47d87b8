import type { LookupKey } from '@origem/contract/schemas/lookups';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  companyTypes,
  countries,
  currencies,
  deliveryLocations,
  jobPositions,
  languages,
  measurementUnits,
  personTypes,
  sectors,
  shipmentPorts,
  transports,
} from '../../db/schema';

/** Each lookup definition's table. Adding a lookup: its definition in the contract, its table, one line here. */
export const LOOKUP_TABLES: Record<LookupKey, PgTable> = {
  shipment_port: shipmentPorts,
  sector: sectors,
  currency: currencies,
  transport: transports,
  measurement_unit: measurementUnits,
  language: languages,
  country: countries,
  job_position: jobPositions,
  delivery_location: deliveryLocations,
  company_type: companyTypes,
  person_type: personTypes,
};
