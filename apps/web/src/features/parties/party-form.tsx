import { DeleteOutlined } from '@ant-design/icons';
import { DOWNLOAD_NAMES } from '@origem/contract/schemas/files';
import type { PartyRecord } from '@origem/contract/schemas/party-records';
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Divider, Row, Switch } from 'antd';
import { ignoreShownError } from '../../api/api-error';
import { useSession } from '../../lib/session';
import { notifySuccess } from '../../ui/feedback';
import { ApiForm, FormActions, FormField, useApiForm } from '../../ui/form';
import { PageHeader } from '../../ui/page-header';
import { PartyFields } from '../../ui/party-fields';
import { PdfFileField } from '../../ui/pdf-file-field';
import { RemoteSelect } from '../../ui/remote-select';
import { useDeleteParty } from './api/delete-party';
import { downloadSocialContract } from './api/download-social-contract';
import { useSaveParty } from './api/save-party';
import { useRemoveParty } from './party-delete';
import { partyDefaults, partyFormData, partyFormSchema } from './party-form-values';
import type { PartyKindView } from './party-kind';

type AssociationOption = { id: number; name: string };
const associationOption = (a: AssociationOption) => ({ value: a.id, label: a.name });

/** Create (no `party`) or edit an exporter or a dispatcher; the social contract goes in the same multipart save. */
export function PartyForm({ view, party }: { view: PartyKindView; party?: PartyRecord }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const save = useSaveParty(view);
  const removal = useDeleteParty(view);
  const remove = useRemoveParty(view, (id) => removal.mutateAsync(id));
  // An association's staff register only in their own association (the server forces it too).
  const ownAssociation = user?.role.type === 'associacao' ? (user.trade_association?.id ?? null) : null;
  const toList = () => navigate({ to: view.listPath });

  const form = useApiForm({
    schema: partyFormSchema,
    defaultValues: partyDefaults(party, ownAssociation),
    onSubmit: async (values) => {
      await save.mutateAsync({ id: party?.id, body: partyFormData(values) });
      void notifySuccess(party ? view.messages.updated : view.messages.created);
      await toList();
    },
  });

  const onDelete = async (target: PartyRecord) => {
    if (!(await remove(target))) return;
    form.reset(form.getValues());
    await toList();
  };

  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={party ? party.name : view.newLabel}
        hint={
          party
            ? party.trade_association.name
            : `Cadastre ${view.the} com seus dados, sua associação e o contrato social.`
        }
        backTo={view.listPath}
        extra={
          party ? (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => void onDelete(party).catch(ignoreShownError)}
            >
              Excluir
            </Button>
          ) : undefined
        }
      />
      <Card>
        <ApiForm form={form} label={`Dados do ${view.singular.toLowerCase()}`}>
          <PartyFields autoFocus={!party} />
          <Divider titlePlacement="start">Associação</Divider>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <FormField name="trade_association_id" label="Associação comercial">
                <RemoteSelect<AssociationOption>
                  path="/v1/trade_association/all"
                  toOption={associationOption}
                  disabled={ownAssociation !== null}
                />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField
                name="associated"
                label="Associado"
                valuePropName="checked"
                help="Membro da associação (paga a taxa de associado)."
              >
                <Switch />
              </FormField>
            </Col>
          </Row>
          <Divider titlePlacement="start">Contrato social</Divider>
          <FormField name="social_contract" label="Contrato social (PDF, até 10 MB)">
            <PdfFileField
              pickLabel="Selecionar contrato social (PDF)"
              downloadLabel="Baixar contrato social"
              current={party?.social_contract ?? null}
              downloadName={DOWNLOAD_NAMES.socialContract}
              onDownload={party ? () => void downloadSocialContract(view, party.id) : undefined}
            />
          </FormField>
          <FormActions onCancel={() => void toList()} />
        </ApiForm>
      </Card>
    </div>
  );
}
