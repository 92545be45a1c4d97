import { SCIM } from './scim.rules';

/* The discovery documents of RFC 7644 section 4: what this service supports, and the schemas it keeps. */

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const list = <T>(items: T[]) => ({
  schemas: [LIST],
  totalResults: items.length,
  startIndex: 1,
  itemsPerPage: items.length,
  Resources: items,
});

export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token an Admin creates in Administration',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      schema: SCIM.user,
      schemaExtensions: [{ schema: SCIM.enterprise, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      schema: SCIM.group,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ]);
}

type Attr = { name: string; type: string; multiValued?: boolean; required?: boolean; subAttributes?: Attr[] };
const attr = (a: Attr): Record<string, unknown> => ({
  name: a.name,
  type: a.type,
  multiValued: a.multiValued ?? false,
  required: a.required ?? false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: a.name === 'userName' ? 'server' : 'none',
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attr) } : {}),
});
const s = (name: string): Attr => ({ name, type: 'string' });
const multi = (name: string): Attr => ({
  name,
  type: 'complex',
  multiValued: true,
  subAttributes: [s('value'), s('type'), { name: 'primary', type: 'boolean' }],
});

export function schemas(base: string) {
  const schema = (id: string, name: string, attributes: Attr[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    attributes: attributes.map(attr),
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${id}` },
  });
  return list([
    schema(SCIM.user, 'User', [
      { ...s('userName'), required: true },
      {
        name: 'name',
        type: 'complex',
        subAttributes: ['givenName', 'familyName', 'formatted', 'middleName', 'honorificPrefix', 'honorificSuffix'].map(
          s,
        ),
      },
      s('displayName'),
      s('nickName'),
      s('title'),
      s('userType'),
      s('preferredLanguage'),
      s('locale'),
      s('timezone'),
      { name: 'active', type: 'boolean' },
      multi('emails'),
      multi('phoneNumbers'),
      s('externalId'),
    ]),
    schema(SCIM.enterprise, 'EnterpriseUser', [
      s('department'),
      s('employeeNumber'),
      s('costCenter'),
      s('organization'),
      s('division'),
    ]),
    schema(SCIM.group, 'Group', [
      { ...s('displayName'), required: true },
      { name: 'members', type: 'complex', multiValued: true, subAttributes: [s('value'), s('display')] },
      s('externalId'),
    ]),
  ]);
}
