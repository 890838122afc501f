// JSON Schemas (2020-12, as OpenAPI 3.1 reads them) of TypeScript types, read with the compiler's
// type checker: the response schemas of the document are the types the server returns. Build-time
// only (`npm run openapi`, and the spec that checks the committed schemas are current); the server
// reads the JSON it wrote and never loads TypeScript.
import ts from 'typescript';
import { join, relative } from 'node:path';

export type JsonSchema = Record<string, unknown>;

const ROOT = join(__dirname, '..', '..', '..', '..');
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * Every type exported by `file` as a named schema, with the interfaces and type aliases of this
 * project that they use as schemas of their own (library types are written out in place).
 */
export function schemasFromTypes(file: string, renames: Record<string, string> = {}): Record<string, JsonSchema> {
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
  const config = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  const program = ts.createProgram([file], { ...config.options, noEmit: true, incremental: false });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the program`);
  const schemas: Record<string, JsonSchema> = {};
  // The declaration each component name was given to: two types of one name are an error, not a silent merge.
  const owners = new Map<string, ts.Declaration>();

  const isOwnDeclaration = (symbol: ts.Symbol | undefined): ts.Declaration | undefined => {
    const declaration = symbol?.declarations?.[0];
    if (!declaration) return undefined;
    const path = declaration.getSourceFile().fileName;
    return path.includes('/node_modules/') || !relative(ROOT, path).match(/^(apps|libs)\//) ? undefined : declaration;
  };

  const named = (type: ts.Type): { name: string; declaration: ts.Declaration } | undefined => {
    if (type.aliasSymbol) {
      const declaration = isOwnDeclaration(type.aliasSymbol);
      // A generic alias's instances differ: written out in place.
      if (declaration && !type.aliasTypeArguments?.length) return { name: renames[type.aliasSymbol.name] ?? type.aliasSymbol.name, declaration };
      return undefined;
    }
    const symbol = type.getSymbol();
    if (!symbol || !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return undefined;
    if ((type as ts.TypeReference).typeArguments?.length) return undefined;
    const declaration = isOwnDeclaration(symbol);
    return declaration ? { name: renames[symbol.name] ?? symbol.name, declaration } : undefined;
  };

  const describe = (symbol: ts.Symbol): string => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();

  const literalUnion = (types: readonly ts.Type[]): JsonSchema | undefined => {
    if (types.length === 0) return undefined;
    const values: unknown[] = [];
    let kind: string | undefined;
    for (const t of types) {
      const k = t.isStringLiteral() ? 'string' : t.isNumberLiteral() ? 'number' : t.flags & ts.TypeFlags.BooleanLiteral ? 'boolean' : undefined;
      if (!k || (kind && kind !== k)) return undefined;
      kind = k;
      values.push(t.isLiteral() ? t.value : checker.typeToString(t) === 'true');
    }
    if (kind === 'boolean' && values.length === 2) return { type: 'boolean' };
    return values.length === 1 ? { type: kind, const: values[0] } : { type: kind, enum: values };
  };

  const objectSchema = (type: ts.Type, at: string): JsonSchema => {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration ? checker.getTypeOfSymbolAtLocation(property, declaration) : checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      // JSON leaves out an undefined value: a property that may be undefined is optional.
      const optional =
        (property.flags & ts.SymbolFlags.Optional) !== 0 || (propertyType.isUnion() && propertyType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
      const schema = optional ? definedSchema(propertyType, `${at}.${property.name}`) : schemaOf(propertyType, `${at}.${property.name}`);
      const text = describe(property);
      properties[property.name] = text && !('$ref' in schema) ? { description: text, ...schema } : text ? { description: text, allOf: [schema] } : schema;
      if (!optional) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & ts.TypeFlags.String);
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    schema.additionalProperties = index ? schemaOf(index.type, `${at}[]`) : false;
    if (Object.keys(properties).length === 0) delete schema.properties;
    return schema;
  };

  /** An optional property's value: its type less undefined (`x?: T | null` keeps its null). */
  function definedSchema(type: ts.Type, at: string): JsonSchema {
    if (!type.isUnion()) return schemaOf(type, at);
    if (type.aliasSymbol && !type.types.some((t) => t.flags & ts.TypeFlags.Undefined)) return schemaOf(type, at);
    const members = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    const [only] = members;
    return members.length === 1 && only ? schemaOf(only, at) : unionSchema(members, at);
  }

  function schemaOf(type: ts.Type, at: string): JsonSchema {
    const name = named(type);
    if (name) {
      const owner = owners.get(name.name);
      if (owner && owner !== name.declaration) throw new Error(`Two types are named ${name.name} (${at}): rename one`);
      if (!owner) {
        owners.set(name.name, name.declaration);
        // Taken before its body is read, so a type that refers to itself gets a $ref, not a loop.
        schemas[name.name] = {};
        const symbol = type.aliasSymbol ?? type.getSymbol();
        const text = symbol ? describe(symbol) : '';
        const body = inline(type, name.name);
        schemas[name.name] = text ? { description: text, ...body } : body;
      }
      return ref(name.name);
    }
    return inline(type, at);
  }

  function unionSchema(members: readonly ts.Type[], at: string): JsonSchema {
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.Null) && !(t.flags & ts.TypeFlags.Undefined));
    const literals = literalUnion(rest);
    if (literals) {
      if (!nullable) return literals;
      return 'const' in literals
        ? { type: [literals.type, 'null'], enum: [literals.const, null] }
        : { type: [literals.type, 'null'], ...(literals.enum ? { enum: [...(literals.enum as unknown[]), null] } : {}) };
    }
    // `true | false | X`: TypeScript spells boolean as its two literals.
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = booleans.length === 2 ? rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)) : rest;
    const anyOf = [...(booleans.length === 2 ? [{ type: 'boolean' }] : []), ...others.map((t, i) => schemaOf(t, `${at}|${i}`))];
    if (nullable) anyOf.push({ type: 'null' });
    const [only] = anyOf;
    return anyOf.length === 1 && only ? only : { anyOf };
  }

  function inline(type: ts.Type, at: string): JsonSchema {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    const literal = type.isLiteral() || flags & ts.TypeFlags.BooleanLiteral ? literalUnion([type]) : undefined;
    if (literal) return literal;
    if (flags & ts.TypeFlags.Never) return { not: {} };
    if (type.isUnion()) return unionSchema(type.types, at);
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t, i) => schemaOf(t, `${at}[${i}]`));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? schemaOf(item, `${at}[]`) : {} };
    }
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return objectSchema(type, at);
    throw new Error(`No schema for ${checker.typeToString(type)} at ${at}`);
  }

  const module = checker.getSymbolAtLocation(source);
  for (const exported of module ? checker.getExportsOfModule(module) : []) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    // A name for a type that has a name of its own: that type's schema, under both names if they differ.
    const own = named(type);
    if (own) {
      const target = schemaOf(type, exported.name);
      if (own.name !== exported.name) schemas[exported.name] = target;
      continue;
    }
    const owner = owners.get(exported.name);
    const declaration = symbol.declarations?.[0];
    if (owner && owner !== declaration) throw new Error(`Two types are named ${exported.name}: rename one`);
    if (owner) continue;
    if (declaration) owners.set(exported.name, declaration);
    const text = describe(exported) || describe(symbol);
    const body = inline(type, exported.name);
    schemas[exported.name] = text ? { description: text, ...body } : body;
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}
