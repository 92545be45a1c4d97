import type { TEulaDocument } from './eula-types';

export const EULA_FR: TEulaDocument = {
  title: 'Contrat de licence utilisateur final',
  lastUpdated: 'Dernière mise à jour : novembre 2026',
  contents: 'Sommaire',
  preamble: [
    'Le présent contrat de licence utilisateur final (le « Contrat ») est un accord contraignant entre vous, à titre individuel ou pour le compte de l’organisation qui vous a donné accès (dans les deux cas, « vous »), et Rounds Health, LLC, société à responsabilité limitée (le « Concédant », « nous »), portant sur l’utilisation de l’application de messagerie et d’appels sécurisés Rounds.',
    'En créant un compte, en vous connectant ou en utilisant le Logiciel de toute autre manière, vous acceptez le présent Contrat. Si vous ne l’acceptez pas, n’utilisez pas le Logiciel. Si vous l’acceptez pour le compte d’une organisation, vous confirmez avoir le pouvoir de l’engager.',
  ],
  sections: [
    {
      id: 'definitions',
      heading: '1. Définitions',
      body: [
        {
          term: '« Logiciel »',
          meaning: 'l’application web Rounds, ses mises à jour et toute documentation que nous fournissons avec elle.',
        },
        {
          term: '« Service »',
          meaning:
            'les serveurs et réseaux hébergés par lesquels le Logiciel transmet et conserve les messages, fichiers et données d’appel.',
        },
        {
          term: '« Organisation »',
          meaning:
            'l’établissement de santé, le cabinet ou toute autre entité qui a souscrit au Service et autorisé votre compte.',
        },
        {
          term: '« Contenu utilisateur »',
          meaning:
            'tout message, fichier, image, message vocal ou autre contenu que vous-même ou d’autres utilisateurs transmettez au moyen du Logiciel.',
        },
        {
          term: '« Documentation »',
          meaning: 'les guides d’utilisation, pages d’aide et textes d’information mis à disposition dans le Logiciel.',
        },
      ],
    },
    {
      id: 'licence-grant',
      heading: '2. Concession de licence',
      body: [
        'Sous réserve du respect continu du présent Contrat, le Concédant vous accorde une licence limitée, non exclusive, non transférable, ne pouvant faire l’objet d’une sous-licence et révocable, d’accès et d’utilisation du Logiciel, uniquement pour communiquer avec les autres membres autorisés de votre Organisation dans le cadre de vos fonctions professionnelles.',
        'Le Logiciel est concédé sous licence et non vendu. Tous les droits qui ne vous sont pas expressément accordés par le présent Contrat sont réservés au Concédant et à ses concédants.',
      ],
    },
    {
      id: 'termination',
      heading: '3. Résiliation',
      body: [
        'Le présent Contrat reste en vigueur jusqu’à sa résiliation. Vos droits prennent fin automatiquement, sans préavis, si vous manquez à l’une de ses clauses, si votre Organisation désactive ou supprime votre compte, ou si l’abonnement de votre Organisation au Service prend fin.',
        'Vous pouvez résilier le présent Contrat à tout moment en cessant toute utilisation du Logiciel et en demandant à votre administrateur de fermer votre compte. À la résiliation, vous devez cesser d’utiliser le Logiciel. Les articles 4, 7, 8, 9, 10 et 11 survivent à la résiliation.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '4. Propriété intellectuelle',
      body: [
        'Le Logiciel, y compris son code, sa conception, ses logos, ses marques et sa Documentation, appartient au Concédant ou à ses concédants et est protégé par le droit d’auteur, le droit des marques et les autres lois relatives à la propriété intellectuelle. Aucune disposition du présent Contrat ne vous transfère un droit de propriété.',
        'Le Contenu utilisateur appartient à ses auteurs ou à votre Organisation, selon ce qui a été convenu entre eux. Vous n’accordez au Concédant que les droits nécessaires pour héberger, transmettre, afficher et sauvegarder le Contenu utilisateur afin de fournir le Service.',
        'Si vous nous adressez des commentaires ou des suggestions, nous pouvons les utiliser sans restriction ni obligation envers vous.',
      ],
    },
    {
      id: 'restrictions',
      heading: '5. Restrictions d’utilisation',
      body: [
        'Vous vous engagez à ne pas, et à ne permettre à personne de :',
        {
          list: [
            'copier, modifier, traduire le Logiciel ou en créer des œuvres dérivées ;',
            'désosser, décompiler ou désassembler le Logiciel, sauf dans la mesure où la loi applicable l’autorise expressément malgré cette restriction ;',
            'louer, prêter, vendre, concéder en sous-licence ou mettre autrement le Logiciel à la disposition d’une personne qui n’est pas un utilisateur autorisé ;',
            'partager vos identifiants, ou accéder à un compte, un message ou un fichier auquel vous n’êtes pas autorisé à accéder ;',
            'utiliser le Logiciel pour transmettre des contenus illicites, harcelants ou trompeurs, ou portant atteinte aux droits de tiers ;',
            'porter atteinte à l’intégrité, à la sécurité ou aux performances du Logiciel ou du Service, notamment par des sondages, analyses ou tests de charge sans autorisation écrite ;',
            'supprimer ou modifier toute mention, étiquette ou marque de propriété figurant sur le Logiciel.',
          ],
        },
        'Il vous appartient d’utiliser le Logiciel conformément aux politiques de votre Organisation et aux lois qui régissent la confidentialité des informations des patients là où vous exercez.',
      ],
    },
    {
      id: 'updates',
      heading: '6. Mises à jour',
      body: [
        'Le Concédant peut à tout moment mettre à jour, modifier ou supprimer des fonctionnalités du Logiciel, notamment pour corriger des défauts, renforcer la sécurité ou se conformer à la loi. Le Logiciel étant fourni par le web, les mises à jour s’appliquent automatiquement lors de son prochain chargement.',
        'Les mises à jour sont régies par le présent Contrat, sauf si elles sont accompagnées de conditions distinctes, auquel cas ces conditions s’appliquent à la mise à jour concernée.',
      ],
    },
    {
      id: 'warranty-disclaimer',
      heading: '7. Exclusion de garantie',
      body: [
        'DANS TOUTE LA MESURE PERMISE PAR LA LOI, LE LOGICIEL EST FOURNI « EN L’ÉTAT » ET « SELON SA DISPONIBILITÉ », SANS GARANTIE D’AUCUNE SORTE, EXPRESSE, IMPLICITE OU LÉGALE, Y COMPRIS TOUTE GARANTIE IMPLICITE DE QUALITÉ MARCHANDE, D’ADÉQUATION À UN USAGE PARTICULIER, DE TITRE OU D’ABSENCE DE CONTREFAÇON.',
        'Le Concédant ne garantit pas que le Logiciel fonctionnera sans interruption ni erreur, qu’il est exempt d’éléments nuisibles, ni que les messages seront remis dans un délai donné. Le Logiciel est un outil de communication : il ne fournit pas d’avis médical et ne remplace ni le jugement clinique, ni les procédures d’escalade établies, ni les services d’urgence.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: '8. Limitation de responsabilité',
      body: [
        'DANS TOUTE LA MESURE PERMISE PAR LA LOI, LE CONCÉDANT NE SAURAIT EN AUCUN CAS ÊTRE TENU RESPONSABLE DES DOMMAGES INDIRECTS, ACCESSOIRES, SPÉCIAUX, CONSÉCUTIFS, EXEMPLAIRES OU PUNITIFS, NI DE TOUTE PERTE DE BÉNÉFICES, DE CHIFFRE D’AFFAIRES, DE DONNÉES OU DE CLIENTÈLE, DÉCOULANT DU PRÉSENT CONTRAT OU DU LOGICIEL OU S’Y RAPPORTANT, MÊME S’IL A ÉTÉ INFORMÉ DE LA POSSIBILITÉ DE TELS DOMMAGES.',
        'LA RESPONSABILITÉ TOTALE DU CONCÉDANT POUR L’ENSEMBLE DES RÉCLAMATIONS DÉCOULANT DU PRÉSENT CONTRAT OU DU LOGICIEL OU S’Y RAPPORTANT EST LIMITÉE AU MONTANT EFFECTIVEMENT PAYÉ POUR LE LOGICIEL PAR VOUS, OU POUR VOTRE COMPTE, AU COURS DES DOUZE (12) MOIS PRÉCÉDANT L’ÉVÉNEMENT À L’ORIGINE DE LA RÉCLAMATION.',
        'Certaines juridictions n’autorisent pas l’exclusion ou la limitation de certains dommages ; dans ces juridictions, les limitations ci-dessus s’appliquent dans toute la mesure permise.',
      ],
    },
    {
      id: 'export-controls',
      heading: '9. Contrôle des exportations',
      body: [
        'Le Logiciel peut être soumis aux lois des États-Unis relatives au contrôle des exportations et aux sanctions économiques. Vous vous engagez à ne pas exporter, réexporter ou transférer le Logiciel, directement ou indirectement, vers un pays, une entité ou une personne visés par ces lois, et vous déclarez ne pas être situé dans un pays sanctionné, ne pas en être ressortissant et ne figurer sur aucune liste de parties restreintes du gouvernement des États-Unis.',
      ],
    },
    {
      id: 'us-government-users',
      heading: '10. Utilisateurs du gouvernement des États-Unis',
      body: [
        'Le Logiciel et la Documentation sont des « commercial items », « commercial computer software » et « commercial computer software documentation » au sens des articles 2.101, 12.212 et 227.7202 du titre 48 du Code of Federal Regulations. Conformément à ces dispositions, les utilisateurs finaux du gouvernement des États-Unis n’acquièrent le Logiciel qu’avec les droits prévus au présent Contrat, accordés à tous les autres utilisateurs finaux.',
      ],
    },
    {
      id: 'miscellaneous',
      heading: '11. Dispositions diverses',
      body: [],
      clauses: [
        {
          heading: '11.1 Droit applicable et juridiction',
          body: [
            'Le présent Contrat est régi par les lois de l’État de Louisiane et par les lois fédérales des États-Unis, sans égard aux règles de conflit de lois. Les tribunaux d’État et fédéraux situés à Baton Rouge (Louisiane) sont seuls compétents pour tout litige découlant du présent Contrat ou s’y rapportant, et chaque partie se soumet à leur compétence.',
          ],
        },
        {
          heading: '11.2 Modifications',
          body: [
            'Le présent Contrat ne peut être modifié que par un écrit signé par des représentants habilités des deux parties.',
          ],
        },
        {
          heading: '11.3 Cession',
          body: [
            'Aucune partie ne peut céder ou transférer le présent Contrat sans le consentement écrit préalable de l’autre partie ; toutefois, chaque partie peut le céder sans consentement à l’occasion d’un changement de contrôle, d’une fusion ou de la vente de la totalité ou de la quasi-totalité de ses actifs ou de son activité, à condition d’en informer l’autre partie par écrit dans les trente (30) jours suivant la cession. Toute autre tentative de cession est nulle.',
          ],
        },
        {
          heading: '11.4 Successeurs et ayants droit',
          body: [
            'Le présent Contrat lie les parties et leurs successeurs et cessionnaires autorisés respectifs, et s’applique à leur profit.',
          ],
        },
        {
          heading: '11.5 Divisibilité',
          body: [
            'Si une disposition du présent Contrat est jugée invalide ou inapplicable, elle sera appliquée dans toute la mesure permise et les autres dispositions demeureront pleinement en vigueur.',
          ],
        },
        {
          heading: '11.6 Renonciation',
          body: [
            'Le fait de ne pas exercer ou de tarder à exercer un droit prévu par le présent Contrat ne vaut pas renonciation à ce droit, et l’exercice unique ou partiel d’un droit n’empêche pas de l’exercer ultérieurement ni d’exercer tout autre droit.',
          ],
        },
        {
          heading: '11.7 Validité et force obligatoire',
          body: [
            'Le présent Contrat est valable et obligatoire dès son acceptation et constitue l’intégralité de l’accord entre vous et le Concédant concernant le Logiciel ; il remplace toute entente antérieure sur ce sujet. Si votre Organisation a signé un contrat distinct avec le Concédant, celui-ci prévaut en cas de contradiction.',
          ],
        },
        {
          heading: '11.8 Titres',
          body: [
            'Les titres sont donnés pour la commodité de lecture et n’affectent pas l’interprétation du présent Contrat.',
          ],
        },
        {
          heading: '11.9 Force majeure',
          body: [
            'Aucune partie n’est responsable d’un manquement ou d’un retard d’exécution causé par des événements échappant à son contrôle raisonnable, notamment catastrophes naturelles, épidémies, guerre, terrorisme, conflits sociaux, actes des pouvoirs publics ou défaillances des réseaux, des services publics ou des hébergeurs tiers. La présente clause ne dispense d’aucune obligation de paiement à son échéance.',
          ],
        },
      ],
    },
  ],
};
