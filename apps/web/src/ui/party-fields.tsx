import { PERSON_TYPE_FISICA, PERSON_TYPE_JURIDICA, PERSON_TYPES } from '@origem/contract/schemas/party';
import { Col, Input, Radio, type RadioChangeEvent, Row } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import { AddressFields, type AddressFieldValues, addressFieldDefaults } from './address-fields';
import { ContactFields } from './contact-fields';
import { FormField } from './form';
import { MaskedInput } from './masked-input';

/**
 * The fields of a party (exporter, dispatcher, pre-registration: contract `partyInputFields`) inside an <ApiForm>:
 * person type, the CPF or CNPJ that type needs, name, trade name, state registration, e-mail, phone and the
 * address. The association is not here: each form chooses it its own way.
 */

const PERSON_TYPE_OPTIONS = ([PERSON_TYPE_FISICA, PERSON_TYPE_JURIDICA] as const).map((id) => ({
  value: id,
  label: PERSON_TYPES[id],
}));

export type PartyFieldsProps = {
  /** Optional fields to show; each defaults to true. */
  show?: {
    tradeName?: boolean;
    stateRegistration?: boolean;
    address?: boolean;
  };
  /** Focus the first field when the form opens (a blank create form). */
  autoFocus?: boolean;
};

export function PartyFields({ show = {}, autoFocus }: PartyFieldsProps) {
  const { control, setValue, clearErrors } = useFormContext();
  const personType = Number(useWatch({ control, name: 'person_type_id' }));
  const isPerson = personType === PERSON_TYPE_FISICA;
  const visible = (key: keyof NonNullable<PartyFieldsProps['show']>) => show[key] !== false;

  // Only one tax id applies: switching the type drops the other one (and its message).
  const onPersonTypeChange = (event: RadioChangeEvent) => {
    const other = Number(event.target.value) === PERSON_TYPE_FISICA ? 'cnpj' : 'cpf';
    setValue(other, '', { shouldDirty: true });
    clearErrors(other);
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="person_type_id" label="Tipo de pessoa">
            <Radio.Group options={PERSON_TYPE_OPTIONS} onChange={onPersonTypeChange} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          {isPerson ? (
            <FormField name="cpf" label="CPF" required>
              <MaskedInput mask="cpf" />
            </FormField>
          ) : (
            <FormField name="cnpj" label="CNPJ" required>
              <MaskedInput mask="cnpj" />
            </FormField>
          )}
        </Col>
        <Col xs={24} md={visible('tradeName') ? 12 : 24}>
          <FormField name="name" label={isPerson ? 'Nome' : 'Razão social'}>
            <Input maxLength={255} autoComplete="off" autoFocus={autoFocus} />
          </FormField>
        </Col>
        {visible('tradeName') ? (
          <Col xs={24} md={12}>
            <FormField name="trade_name" label="Nome fantasia">
              <Input maxLength={255} autoComplete="off" />
            </FormField>
          </Col>
        ) : null}
        {visible('stateRegistration') ? (
          <Col xs={24} md={8}>
            <FormField name="state_registration" label="Inscrição estadual">
              <Input maxLength={30} autoComplete="off" />
            </FormField>
          </Col>
        ) : null}
        <ContactFields col={{ xs: 24, md: 8 }} />
      </Row>
      {visible('address') ? <AddressFields /> : null}
    </>
  );
}

/** A stored party (or nothing, for a blank form) as the starting values of these fields. */
export type PartyFieldValues = {
  person_type_id: number;
  cpf: string;
  cnpj: string;
  name: string;
  trade_name: string;
  state_registration: string;
  email: string;
  phone: string;
} & AddressFieldValues;

type StoredParty = { [K in keyof PartyFieldValues]?: PartyFieldValues[K] | null };

export function partyFieldDefaults(party?: StoredParty): PartyFieldValues {
  const text = (value: string | null | undefined) => value ?? '';
  return {
    person_type_id: party?.person_type_id ?? PERSON_TYPE_JURIDICA,
    cpf: text(party?.cpf),
    cnpj: text(party?.cnpj),
    name: text(party?.name),
    trade_name: text(party?.trade_name),
    state_registration: text(party?.state_registration),
    email: text(party?.email),
    phone: text(party?.phone),
    ...addressFieldDefaults(party),
  };
}
