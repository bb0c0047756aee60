import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '../../components/page-title';
import { company } from '../../config/company';
import { FOLLOW_LIMITS } from '../../domain/follow-limits';

export default function PrivacyPage() {
  return (
    <Stack gap="4" maxW="3xl">
      <PageTitle title="Privacidade" />
      <Text>
        Esta página explica, de forma simples, quais dados pessoais a {company.name} coleta neste
        site e por quê, conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).
      </Text>
      <Heading as="h2" size="md">
        O que coletamos
      </Heading>
      <List.Root ps="5" gap="1">
        <List.Item>
          Nos pedidos de cotação, entrega urgente e coleta: nome, CPF ou CNPJ, endereço, CEP,
          telefone, cidade e e-mail do remetente e do destinatário, além dos dados da encomenda
          (peso, medidas e nota fiscal).
        </List.Item>
        <List.Item>
          No rastreamento: o número que você digita (código de rastreio, CPF ou CNPJ).
        </List.Item>
        <List.Item>
          No “Avise-me por e-mail”: o e-mail para onde mandamos as novas etapas daquele rastreio.
          Ele só passa a valer depois que você abre o link de confirmação que enviamos; cada aviso
          tem um link para parar.
        </List.Item>
        <List.Item>Nas áreas restritas: o e-mail da equipe e o registro de acesso.</List.Item>
      </List.Root>
      <Heading as="h2" size="md">
        Para que usamos
      </Heading>
      <Text>
        Somente para responder ao seu pedido: calcular o frete, emitir a cotação, coletar e entregar
        a encomenda e informar em que etapa ela está. Não vendemos nem compartilhamos seus dados
        para publicidade.
      </Text>
      <Heading as="h2" size="md">
        Onde ficam
      </Heading>
      <Text>
        Sem conexão, um pedido fica guardado apenas neste aparelho até ser enviado. Os números que
        você rastreou também ficam guardados aqui, para consulta sem sinal; você pode apagá-los a
        qualquer momento. Os pedidos enviados ficam no nosso servidor e são encaminhados por e-mail
        à nossa equipe. Você também recebe um e-mail confirmando o que recebemos.
      </Text>
      <Heading as="h2" size="md">
        Por quanto tempo
      </Heading>
      <Text>
        Guardamos os dados pessoais de um pedido por 12 meses, o tempo de atender e acompanhar a
        entrega. Depois disso, um processo automático diário apaga nome, documento, endereço,
        telefone e e-mail do pedido; ficam apenas dados sem identificação (cidades, peso, medidas e
        valores), para estatística. Depois do mesmo prazo, uma remessa perde os nomes, documentos,
        telefones e endereços de quem enviou e de quem recebe, o CPF de quem recebeu (do nome ficam
        as iniciais), as observações e a posição das tentativas de entrega e todas as fotos; fica o
        histórico de etapas que a página de rastreio mostra. O e-mail de um “Avise-me” é apagado
        quando a encomenda é entregue, quando você pede para parar, ou em {FOLLOW_LIMITS.maxDays}{' '}
        dias (sem confirmação, em {FOLLOW_LIMITS.confirmHours / 24} dias). As cópias de segurança do
        servidor são substituídas a cada sete dias.
      </Text>
      <Heading as="h2" size="md">
        Seus direitos
      </Heading>
      <Text>
        Você pode pedir acesso, correção ou exclusão dos seus dados pelo e-mail {company.email} ou
        pelo telefone {company.phone}.
      </Text>
    </Stack>
  );
}
