import type { TEulaDocument } from './eula-types';

export const EULA_EN: TEulaDocument = {
  title: 'End-User Licence Agreement',
  lastUpdated: 'Last updated: November 2026',
  contents: 'Contents',
  preamble: [
    'This End-User Licence Agreement (the "Agreement") is a binding agreement between you, either as an individual or on behalf of the organisation that gave you access (in either case, "you"), and Rounds Health, LLC, a limited liability company ("Licensor", "we" or "us"), for the use of the Rounds secure messaging and calling application.',
    'By creating an account, signing in, or otherwise using the Software, you accept this Agreement. If you do not accept it, do not use the Software. If you accept on behalf of an organisation, you confirm that you have the authority to bind it.',
  ],
  sections: [
    {
      id: 'definitions',
      heading: '1. Definitions',
      body: [
        {
          term: '"Software"',
          meaning: 'the Rounds web application, its updates, and any documentation we provide with it.',
        },
        {
          term: '"Service"',
          meaning:
            'the hosted servers and networks through which the Software sends and stores messages, files and call data.',
        },
        {
          term: '"Organisation"',
          meaning:
            'the healthcare facility, practice or other entity that contracted for the Service and authorised your account.',
        },
        {
          term: '"User Content"',
          meaning:
            'any message, file, image, voice note or other material that you or other users submit through the Software.',
        },
        {
          term: '"Documentation"',
          meaning: 'the user guides, help pages and information texts made available within the Software.',
        },
      ],
    },
    {
      id: 'licence-grant',
      heading: '2. Licence grant',
      body: [
        'Subject to your continued compliance with this Agreement, Licensor grants you a limited, non-exclusive, non-transferable, non-sublicensable and revocable licence to access and use the Software, solely for communicating with other authorised members of your Organisation in the course of your professional duties.',
        'The Software is licensed, not sold. All rights not expressly granted to you in this Agreement are reserved by Licensor and its licensors.',
      ],
    },
    {
      id: 'termination',
      heading: '3. Termination',
      body: [
        'This Agreement remains in effect until terminated. Your rights under it end automatically, without notice, if you fail to comply with any of its terms, if your Organisation deactivates or removes your account, or if your Organisation’s subscription to the Service ends.',
        'You may terminate this Agreement at any time by ceasing all use of the Software and asking your administrator to close your account. Upon termination you must stop using the Software. Sections 4, 7, 8, 9, 10 and 11 survive termination.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: '4. Intellectual property',
      body: [
        'The Software, including its code, design, logos, trademarks and Documentation, is owned by Licensor or its licensors and is protected by copyright, trademark and other intellectual property laws. Nothing in this Agreement transfers any ownership right to you.',
        'User Content belongs to its authors or to your Organisation, as agreed between them. You grant Licensor only the rights needed to host, transmit, display and back up User Content in order to provide the Service.',
        'If you send us feedback or suggestions, we may use them without restriction or obligation to you.',
      ],
    },
    {
      id: 'restrictions',
      heading: '5. Restrictions on use',
      body: [
        'You agree not to, and not to allow anyone else to:',
        {
          list: [
            'copy, modify, translate or create derivative works of the Software;',
            'reverse engineer, decompile or disassemble the Software, except to the extent applicable law expressly permits it despite this restriction;',
            'rent, lease, lend, sell, sublicense or otherwise make the Software available to anyone who is not an authorised user;',
            'share your credentials, or access an account, message or file you are not authorised to access;',
            'use the Software to send unlawful, harassing or misleading material, or material that infringes the rights of others;',
            'interfere with or disrupt the integrity, security or performance of the Software or the Service, including by probing, scanning or load testing without written permission;',
            'remove or alter any proprietary notice, label or mark on the Software.',
          ],
        },
        'You are responsible for using the Software in accordance with your Organisation’s policies and with the laws that govern the privacy and confidentiality of patient information where you practise.',
      ],
    },
    {
      id: 'updates',
      heading: '6. Updates',
      body: [
        'Licensor may update, modify or discontinue features of the Software at any time, including to fix defects, improve security or comply with law. Because the Software is delivered through the web, updates apply automatically the next time you load it.',
        'Updates are governed by this Agreement unless they come with separate terms, in which case those terms apply to the update.',
      ],
    },
    {
      id: 'warranty-disclaimer',
      heading: '7. Warranty disclaimer',
      body: [
        'TO THE FULLEST EXTENT PERMITTED BY LAW, THE SOFTWARE IS PROVIDED "AS IS" AND "AS AVAILABLE", WITHOUT WARRANTY OF ANY KIND, WHETHER EXPRESS, IMPLIED OR STATUTORY, INCLUDING ANY IMPLIED WARRANTY OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE, TITLE OR NON-INFRINGEMENT.',
        'Licensor does not warrant that the Software will be uninterrupted, error-free or free of harmful components, or that messages will be delivered within any particular time. The Software is a communication tool: it does not provide medical advice and does not replace clinical judgement, established escalation procedures or emergency services.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: '8. Limitation of liability',
      body: [
        'TO THE FULLEST EXTENT PERMITTED BY LAW, IN NO EVENT WILL LICENSOR BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL, CONSEQUENTIAL, EXEMPLARY OR PUNITIVE DAMAGES, OR FOR ANY LOSS OF PROFITS, REVENUE, DATA OR GOODWILL, ARISING OUT OF OR RELATED TO THIS AGREEMENT OR THE SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.',
        'LICENSOR’S TOTAL LIABILITY FOR ALL CLAIMS ARISING OUT OF OR RELATED TO THIS AGREEMENT OR THE SOFTWARE IS LIMITED TO THE AMOUNT ACTUALLY PAID FOR THE SOFTWARE BY YOU, OR ON YOUR BEHALF, IN THE TWELVE (12) MONTHS BEFORE THE EVENT GIVING RISE TO THE CLAIM.',
        'Some jurisdictions do not allow the exclusion or limitation of certain damages; in those jurisdictions the above limitations apply to the greatest extent allowed.',
      ],
    },
    {
      id: 'export-controls',
      heading: '9. Export controls',
      body: [
        'The Software may be subject to United States export control and economic sanctions laws. You agree not to export, re-export or transfer the Software, directly or indirectly, to any country, entity or person prohibited by those laws, and you represent that you are not located in, or a national of, a sanctioned country, nor listed on any U.S. government list of restricted parties.',
      ],
    },
    {
      id: 'us-government-users',
      heading: '10. U.S. government users',
      body: [
        'The Software and Documentation are "commercial items", "commercial computer software" and "commercial computer software documentation" as those terms are used in 48 C.F.R. 2.101, 12.212 and 227.7202. Consistent with those provisions, U.S. government end users acquire the Software only with the rights set out in this Agreement, which are granted to all other end users.',
      ],
    },
    {
      id: 'miscellaneous',
      heading: '11. Miscellaneous',
      body: [],
      clauses: [
        {
          heading: '11.1 Governing law and venue',
          body: [
            'This Agreement is governed by the laws of the State of Louisiana and the federal laws of the United States, without regard to conflict-of-laws rules. The state and federal courts located in Baton Rouge, Louisiana have exclusive jurisdiction over any dispute arising out of or related to this Agreement, and each party submits to their personal jurisdiction.',
          ],
        },
        {
          heading: '11.2 Amendments',
          body: [
            'This Agreement may be amended only by a written instrument signed by authorised representatives of both parties.',
          ],
        },
        {
          heading: '11.3 Assignment',
          body: [
            'Neither party may assign or transfer this Agreement without the prior written consent of the other party, except that either party may assign it without consent in connection with a change of control, merger, or sale of all or substantially all of its assets or business, provided that it gives the other party written notice within thirty (30) days after the assignment. Any other attempted assignment is void.',
          ],
        },
        {
          heading: '11.4 Successors and assigns',
          body: [
            'This Agreement binds and benefits the parties and their respective permitted successors and assigns.',
          ],
        },
        {
          heading: '11.5 Severability',
          body: [
            'If any provision of this Agreement is held invalid or unenforceable, it will be enforced to the maximum extent permissible and the remaining provisions will remain in full force and effect.',
          ],
        },
        {
          heading: '11.6 Waiver',
          body: [
            'No failure or delay in exercising any right under this Agreement operates as a waiver of that right, and no single or partial exercise of a right precludes any further exercise of it or of any other right.',
          ],
        },
        {
          heading: '11.7 Validity and binding force',
          body: [
            'This Agreement is valid and binding upon acceptance, and constitutes the entire agreement between you and Licensor concerning the Software, superseding any prior understanding on that subject. Where your Organisation has signed a separate agreement with Licensor, that agreement prevails in case of conflict.',
          ],
        },
        {
          heading: '11.8 Headings',
          body: ['Headings are for convenience only and do not affect the interpretation of this Agreement.'],
        },
        {
          heading: '11.9 Force majeure',
          body: [
            'Neither party is liable for any failure or delay in performance caused by events beyond its reasonable control, including natural disasters, epidemics, war, terrorism, labour disputes, governmental action, or failures of networks, utilities or third-party hosting providers. This clause does not excuse any obligation to pay money when due.',
          ],
        },
      ],
    },
  ],
};
