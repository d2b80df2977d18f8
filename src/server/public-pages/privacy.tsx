/**
 * /privacidade (issue 29): what Adega keeps about guests, leads and applicants, for how long, and how to ask for a
 * copy or deletion (LGPD art. 9 and 18). Static text, rendered on the server like the other public pages.
 */
import { renderToString } from 'react-dom/server';
import { ONBOARDING_RETENTION_DEFAULT_DAYS, SEARCH_WORDS_RETENTION_DAYS } from '../../shared/lgpd.js';
import { Document, Ornament } from './components.js';
import { PAGE_CSS } from './styles.js';

export const PRIVACY_PATH = '/privacidade';

const PRIVACY_CSS = `${PAGE_CSS}
.privacy{max-width:44rem;margin:0 auto;padding:1.5rem 1.1rem 3rem;line-height:1.6}
.privacy h1{margin:.4rem 0 1rem}
.privacy h2{margin:2rem 0 .5rem;font-size:1.2rem}
.privacy ul{padding-left:1.2rem}
.privacy li{margin:.3rem 0}`;

export function renderPrivacyPage(): string {
  return `<!doctype html>${renderToString(
    <Document
      title="Privacidade — Adega"
      description="O que o Adega guarda sobre clientes, interessados e restaurantes, por quanto tempo, e como pedir uma cópia ou a exclusão dos seus dados."
      css={PRIVACY_CSS}
    >
      <main className="privacy">
        <Ornament />
        <h1>Privacidade no Adega</h1>
        <p>
          O Adega publica cartas de vinhos digitais de restaurantes. Esta página explica, em linguagem simples, que dados pessoais
          guardamos, por quanto tempo e como você exerce os seus direitos previstos na Lei Geral de Proteção de Dados (LGPD, Lei nº
          13.709/2018).
        </p>

        <h2>Clientes que leem uma carta</h2>
        <ul>
          <li>Não pedimos cadastro, não usamos cookies de rastreamento e não guardamos nada que identifique você.</li>
          <li>
            Para contar visitas sem contar a mesma pessoa duas vezes, usamos um código calculado a partir do endereço de rede e do navegador
            com uma chave que muda todos os dias e nunca é gravada. No dia seguinte esse código não pode mais ser ligado a ninguém, e ele é
            apagado em minutos.
          </li>
          <li>
            As palavras digitadas na busca da carta são guardadas como contagens (por exemplo, “malbec: 4 buscas”), sem saber quem buscou, e
            por no máximo {SEARCH_WORDS_RETENTION_DAYS} dias; depois disso fica apenas o número de buscas.
          </li>
        </ul>

        <h2>Interessados (leads) e restaurantes em cadastro</h2>
        <ul>
          <li>
            Quando um restaurante fala com a nossa equipe ou preenche o cadastro, guardamos nome, e-mail, telefone, empresa, CNPJ, endereço,
            anotações da conversa e o cardápio enviado, para avaliar o cadastro e dar continuidade ao contato.
          </li>
          <li>
            Cadastros recusados ou abandonados têm os dados pessoais e o cardápio anonimizados depois de {ONBOARDING_RETENTION_DEFAULT_DAYS}{' '}
            dias (ou do prazo definido pela administração).
          </li>
          <li>
            Pedidos e valores fiscais são mantidos pelo prazo que a lei exige; se os seus dados forem apagados, eles passam a mostrar
            “Titular anonimizado” no lugar do seu nome.
          </li>
        </ul>

        <h2>Usuários e fornecedores</h2>
        <p>
          De quem usa a área administrativa guardamos e-mail, nome, perfil e as sessões abertas; de fornecedores, os dados de contato.
          Senhas e códigos de acesso são guardados apenas como resumos criptográficos.
        </p>

        <h2>Como pedir uma cópia ou a exclusão dos seus dados</h2>
        <p>
          Responda a qualquer e-mail que recebeu do Adega, ou peça ao restaurante com que você fala, informando o e-mail, o CPF ou o
          telefone que usou. A nossa equipe encontra os seus dados e, em até 15 dias:
        </p>
        <ul>
          <li>envia uma cópia completa (um arquivo ZIP com os dados e os arquivos que você enviou), ou</li>
          <li>
            apaga ou anonimiza os seus dados em todo o sistema, mantendo apenas os registros que a lei obriga a guardar, sem o seu nome.
          </li>
        </ul>
        <p>Cada pedido fica registrado (quem pediu, quando e o que foi feito), sem os dados apagados.</p>
        <Ornament />
      </main>
    </Document>,
  )}`;
}
