import { createRequire as __r } from "node:module"; const require = __r(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key2 of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key2) && key2 !== except)
        __defProp(to, key2, { get: () => from[key2], enumerable: !(desc = __getOwnPropDesc(from, key2)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap3 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar2(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias2;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap3;
    exports.isNode = isNode;
    exports.isPair = isPair2;
    exports.isScalar = isScalar2;
    exports.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key2, node, visitor, path11) {
      const ctrl = callVisitor(key2, node, visitor, path11);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key2, path11, ctrl);
        return visit_(key2, ctrl, visitor, path11);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path11 = Object.freeze(path11.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path11);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path11 = Object.freeze(path11.concat(node));
          const ck = visit_("key", node.key, visitor, path11);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path11);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key2, node, visitor, path11) {
      const ctrl = await callVisitor(key2, node, visitor, path11);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key2, path11, ctrl);
        return visitAsync_(key2, ctrl, visitor, path11);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path11 = Object.freeze(path11.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path11);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path11 = Object.freeze(path11.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path11);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path11);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key2, node, visitor, path11) {
      if (typeof visitor === "function")
        return visitor(key2, node, path11);
      if (identity.isMap(node))
        return visitor.Map?.(key2, node, path11);
      if (identity.isSeq(node))
        return visitor.Seq?.(key2, node, path11);
      if (identity.isPair(node))
        return visitor.Pair?.(key2, node, path11);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key2, node, path11);
      if (identity.isAlias(node))
        return visitor.Alias?.(key2, node, path11);
      return void 0;
    }
    function replaceNode(key2, path11, node) {
      const parent = path11[path11.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key2] = node;
      } else if (identity.isPair(parent)) {
        if (key2 === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key2, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key2, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count = 0;
        for (const item2 of node.items) {
          const c = getAliasCount(doc, item2, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t2) => t2.tag === tagName);
        const tagObj = match.find((t2) => !t2.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t2) => t2.identify?.(value) && !t2.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema: schema2, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema2.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema2[identity.MAP] : Symbol.iterator in Object(value) ? schema2[identity.SEQ] : schema2[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema2, path11, value) {
      let v = value;
      for (let i = path11.length - 1; i >= 0; --i) {
        const k = path11[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema: schema2,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path11) => path11 == null || typeof path11 === "object" && !!path11[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema2) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema2,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema2) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema2)
          copy.schema = schema2;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema2) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path11, value) {
        if (isEmptyPath(path11))
          this.add(value);
        else {
          const [key2, ...rest] = path11;
          const node = this.get(key2, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key2, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path11) {
        const [key2, ...rest] = path11;
        if (rest.length === 0)
          return this.delete(key2);
        const node = this.get(key2, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path11, keepScalar) {
        const [key2, ...rest] = path11;
        const node = this.get(key2, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n2 = node.value;
          return n2 == null || allowScalar && identity.isScalar(n2) && n2.value == null && !n2.commentBefore && !n2.comment && !n2.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path11) {
        const [key2, ...rest] = path11;
        if (rest.length === 0)
          return this.has(key2);
        const node = this.get(key2, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path11, value) {
        const [key2, ...rest] = path11;
        if (rest.length === 0) {
          this.set(key2, value);
        } else {
          const node = this.get(key2, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key2, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str3) => str3.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str3, indent, comment) => str3.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str3.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str3) => /^(%|---|\.\.\.)/m.test(str3);
    function lineLengthOverLimit(str3, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str3.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str3[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str3 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str3 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str3 += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str3 += "\\0";
                    break;
                  case "0007":
                    str3 += "\\a";
                    break;
                  case "000b":
                    str3 += "\\v";
                    break;
                  case "001b":
                    str3 += "\\e";
                    break;
                  case "0085":
                    str3 += "\\N";
                    break;
                  case "00a0":
                    str3 += "\\_";
                    break;
                  case "2028":
                    str3 += "\\L";
                    break;
                  case "2029":
                    str3 += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str3 += "\\x" + code.substr(2);
                    else
                      str3 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str3 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str3 += "\n";
                  i += 2;
                }
                str3 += indent;
                if (json[i + 2] === " ")
                  str3 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str3 = start ? str3 + json.slice(start) : json;
      return implicitKey ? str3 : foldFlowLines.foldFlowLines(str3, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item2, ctx, onComment, onChompKeep) {
      const { type, value } = item2;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item2, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item2, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item2, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str3 = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str3);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str3 : foldFlowLines.foldFlowLines(str3, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item2, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item2.value === "string" ? item2 : Object.assign({}, item2, { value: String(item2.value) });
      let { type } = item2;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t2 = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t2);
        if (res === null)
          throw new Error(`Unsupported default string type ${t2}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item2) {
      if (item2.tag) {
        const match = tags.filter((t2) => t2.tag === item2.tag);
        if (match.length > 0)
          return match.find((t2) => t2.format === item2.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item2)) {
        obj = item2.value;
        let match = tags.filter((t2) => t2.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t2) => t2.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t2) => t2.format === item2.format) ?? match.find((t2) => !t2.format);
      } else {
        obj = item2;
        tagObj = tags.find((t2) => t2.nodeClass && obj instanceof t2.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item2, ctx, onComment, onChompKeep) {
      if (identity.isPair(item2))
        return item2.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item2)) {
        if (ctx.doc.directives)
          return item2.toString(ctx);
        if (ctx.resolvedAliases?.has(item2)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item2);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item2]);
          item2 = item2.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item2) ? item2 : ctx.doc.createNode(item2, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str3 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str3;
      return identity.isScalar(node) || str3[0] === "{" || str3[0] === "[" ? `${props} ${str3}` : `${props}
${ctx.indent}${str3}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key: key2, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key2) && key2.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key2) || !identity.isNode(key2) && typeof key2 === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key2 || keyComment && value == null && !ctx.inFlow || identity.isCollection(key2) || (identity.isScalar(key2) ? key2.type === Scalar.Scalar.BLOCK_FOLDED || key2.type === Scalar.Scalar.BLOCK_LITERAL : typeof key2 === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str3 = stringify.stringify(key2, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str3.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str3 === "" ? "?" : explicitKey ? `? ${str3}` : str3;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str3 = `? ${str3}`;
        if (keyComment && !keyCommentDone) {
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str3;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
        str3 = `? ${str3}
${indent}:`;
      } else {
        str3 = `${str3}:`;
        if (keyComment)
          str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str3.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str3 += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str3 += stringifyComment.lineComment(str3, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str3;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key2) => (merge.identify(key2) || identity.isScalar(key2) && (!key2.type || key2.type === Scalar.Scalar.PLAIN) && merge.identify(key2.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key2, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key2))
            map.set(key2, value2);
        } else if (map instanceof Set) {
          map.add(key2);
        } else if (!Object.prototype.hasOwnProperty.call(map, key2)) {
          Object.defineProperty(map, key2, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key: key2, value }) {
      if (identity.isNode(key2) && key2.addToJSMap)
        key2.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key2))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key2, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key2, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key2, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key2) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key2.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key2, value, ctx) {
      const k = createNode.createNode(key2, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key2, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key2;
        this.value = value;
      }
      clone(schema2) {
        let { key: key2, value } = this;
        if (identity.isNode(key2))
          key2 = key2.clone(schema2);
        if (identity.isNode(value))
          value = value.clone(schema2);
        return new _Pair(key2, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item2 = items[i];
        let comment2 = null;
        if (identity.isNode(item2)) {
          if (!chompKeep && item2.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item2.commentBefore, chompKeep);
          if (item2.comment)
            comment2 = item2.comment;
        } else if (identity.isPair(item2)) {
          const ik = identity.isNode(item2.key) ? item2.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str4 = stringify.stringify(item2, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str4 += stringifyComment.lineComment(str4, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str4);
      }
      let str3;
      if (lines.length === 0) {
        str3 = flowChars.start + flowChars.end;
      } else {
        str3 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str3 += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str3 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str3;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item2 = items[i];
        let comment = null;
        if (identity.isNode(item2)) {
          if (item2.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item2.commentBefore, false);
          if (item2.comment)
            comment = item2.comment;
        } else if (identity.isPair(item2)) {
          const ik = identity.isNode(item2.key) ? item2.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item2.value) ? item2.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item2.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str3 = stringify.stringify(item2, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str3.includes("\n"));
        if (i < items.length - 1) {
          str3 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str3.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str3 += ",";
          }
        }
        if (comment)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment));
        lines.push(str3);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str3 = start;
          for (const line of lines)
            str3 += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str3}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key2) {
      const k = identity.isScalar(key2) ? key2.value : key2;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key2 || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema2) {
        super(identity.MAP, schema2);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema2, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema2);
        const add = (key2, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key2, value);
          else if (Array.isArray(replacer) && !replacer.includes(key2))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key2, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key2, value] of obj)
            add(key2, value);
        } else if (obj && typeof obj === "object") {
          for (const key2 of Object.keys(obj))
            add(key2, obj[key2]);
        }
        if (typeof schema2.sortMapEntries === "function") {
          map.items.sort(schema2.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item2) => sortEntries(_pair, item2) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key2) {
        const it = findPair(this.items, key2);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key2, keepScalar) {
        const it = findPair(this.items, key2);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key2) {
        return !!findPair(this.items, key2);
      }
      set(key2, value) {
        this.add(new Pair.Pair(key2, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item2 of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item2);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item2 of this.items) {
          if (!identity.isPair(item2))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item2)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema2, obj, ctx) => YAMLMap.YAMLMap.from(schema2, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema2) {
        super(identity.SEQ, schema2);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key2) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key2, keepScalar) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key2) {
        const idx = asItemIndex(key2);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key2, value) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key2}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item2 of this.items)
          seq.push(toJS.toJS(item2, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema2, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema2);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key2 = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key2, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key2) {
      let idx = identity.isScalar(key2) ? key2.value : key2;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema2, obj, ctx) => YAMLSeq.YAMLSeq.from(schema2, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str3) => str3,
      stringify(item2, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item2, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str3) => new Scalar.Scalar(str3[0] === "t" || str3[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n2 = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n2) && !n2.includes("e")) {
        let i = n2.indexOf(".");
        if (i < 0) {
          i = n2.length;
          n2 += ".";
        }
        let d = minFractionDigits - (n2.length - i - 1);
        while (d-- > 0)
          n2 += "0";
      }
      return n2;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str3) => str3.slice(-3).toLowerCase() === "nan" ? NaN : str3[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str3) => parseFloat(str3),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str3) {
        const node = new Scalar.Scalar(parseFloat(str3));
        const dot = str3.indexOf(".");
        if (dot !== -1 && str3[str3.length - 1] === "0")
          node.minFractionDigits = str3.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str3, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str3) : parseInt(str3.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int = require_int();
    var schema2 = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool2.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema2;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str3) => str3,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str3) => str3 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str3, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str3) : parseInt(str3, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str3) => parseFloat(str3),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str3, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str3)}`);
        return str3;
      }
    };
    var schema2 = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema2;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str3 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str3.length);
          for (let i = 0; i < str3.length; ++i)
            buffer[i] = str3.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str3;
        if (typeof node_buffer.Buffer === "function") {
          str3 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str3 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n2 = Math.ceil(str3.length / lineWidth);
          const lines = new Array(n2);
          for (let i = 0, o = 0; i < n2; ++i, o += lineWidth) {
            lines[i] = str3.substr(o, lineWidth);
          }
          str3 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str3 }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item2 = seq.items[i];
          if (identity.isPair(item2))
            continue;
          else if (identity.isMap(item2)) {
            if (item2.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item2.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item2.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item2.commentBefore}
${pair.key.commentBefore}` : item2.commentBefore;
            if (item2.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item2.comment}
${cn.comment}` : item2.comment;
            }
            item2 = pair;
          }
          seq.items[i] = identity.isPair(item2) ? item2 : new Pair.Pair(item2);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema2, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema2);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key2, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key2 = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key2 = keys[0];
              value = it[key2];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key2 = it;
          }
          pairs2.items.push(Pair.createPair(key2, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key2, value;
          if (identity.isPair(pair)) {
            key2 = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key2, ctx);
          } else {
            key2 = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key2))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key2, value);
        }
        return map;
      }
      static from(schema2, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema2, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key: key2 } of pairs$1.items) {
          if (identity.isScalar(key2)) {
            if (seenKeys.includes(key2.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key2.value}`);
            } else {
              seenKeys.push(key2.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema2, iterable, ctx) => YAMLOMap.from(schema2, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str3) => str3.slice(-3).toLowerCase() === "nan" ? NaN : str3[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str3) => parseFloat(str3.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str3) {
        const node = new Scalar.Scalar(parseFloat(str3.replace(/_/g, "")));
        const dot = str3.indexOf(".");
        if (dot !== -1) {
          const f = str3.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str3, offset, radix, { intAsBigInt }) {
      const sign = str3[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str3 = str3.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str3 = `0b${str3}`;
            break;
          case 8:
            str3 = `0o${str3}`;
            break;
          case 16:
            str3 = `0x${str3}`;
            break;
        }
        const n3 = BigInt(str3);
        return sign === "-" ? BigInt(-1) * n3 : n3;
      }
      const n2 = parseInt(str3, radix);
      return sign === "-" ? -1 * n2 : n2;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str3 = value.toString(radix);
        return value < 0 ? "-" + prefix + str3.substr(1) : prefix + str3;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str3, _onError, opt) => intResolve(str3, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema2) {
        super(schema2);
        this.tag = _YAMLSet.tag;
      }
      add(key2) {
        let pair;
        if (identity.isPair(key2))
          pair = key2;
        else if (key2 && typeof key2 === "object" && "key" in key2 && "value" in key2 && key2.value === null)
          pair = new Pair.Pair(key2.key, null);
        else
          pair = new Pair.Pair(key2, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key2, keepPair) {
        const pair = YAMLMap.findPair(this.items, key2);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key2, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key2);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key2));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema2, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema2);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema2, iterable, ctx) => YAMLSet.from(schema2, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str3, asBigInt) {
      const sign = str3[0];
      const parts = sign === "-" || sign === "+" ? str3.substring(1) : str3;
      const num = (n2) => asBigInt ? BigInt(n2) : Number(n2);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n2) => n2;
      if (typeof value === "bigint")
        num = (n2) => BigInt(n2);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n2) => String(n2).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str3, _onError, { intAsBigInt }) => parseSexagesimal(str3, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str3) => parseSexagesimal(str3, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str3) {
        const match = str3.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool2 = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema2 = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool2.trueTag,
      bool2.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema2;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool2 = require_bool();
    var float = require_float();
    var int = require_int();
    var schema2 = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema2.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool2.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key2) => key2 !== "yaml11").map((key2) => JSON.stringify(key2)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key2) => JSON.stringify(key2)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema: schema2, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema2 === "string" && schema2 || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir2 = doc.directives.toString(doc);
        if (dir2) {
          lines.push(dir2);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path11, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path11, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key2, value, options = {}) {
        const k = this.createNode(key2, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key2) {
        return assertCollection(this.contents) ? this.contents.delete(key2) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path11) {
        if (Collection.isEmptyPath(path11)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path11) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key2, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key2, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path11, keepScalar) {
        if (Collection.isEmptyPath(path11))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path11, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key2) {
        return identity.isCollection(this.contents) ? this.contents.has(key2) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path11) {
        if (Collection.isEmptyPath(path11))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path11) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key2, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key2], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key2, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path11, value) {
        if (Collection.isEmptyPath(path11)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path11), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path11, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key2) {
      if (!key2)
        return null;
      switch (key2.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key2.source.includes("\n"))
            return true;
          if (key2.end) {
            for (const st of key2.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key2.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key: key2, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key2 ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key2) {
            if (key2.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key2 && key2.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key2)) {
            onError(key2 ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key2 ? composeNode(ctx, key2, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key2, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key2 || key2.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap3 = fc.start.source === "{";
      const fcName = isMap3 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap3 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key: key2, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key2 ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap3 && ctx.options.strict && utilContainsNewline.containsNewline(key2))
            onError(
              key2,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap3 && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key2 ? composeNode(ctx, key2, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key2))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap3 && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap3) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap3 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t2) => t2.tag === tagName && t2.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n2 = Number(ch);
          if (!indent && n2)
            indent = n2;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema2, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema2[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema2.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema2.knownTags[tagName];
      if (kt && !kt.collection) {
        schema2.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema2[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema: schema2 }, value, token, onError) {
      const tag = schema2.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema2[identity.SCALAR];
      if (schema2.compat) {
        const compat = schema2.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema2[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key2 of Object.keys(token))
          if (key2 !== "type" && key2 !== "offset")
            delete token[key2];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key2 of Object.keys(token))
            if (key2 !== "type" && key2 !== "offset")
              delete token[key2];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item2 of token.items)
            res += stringifyItem(item2);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item2 of token.items)
            res += stringifyItem(item2);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key: key2, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key2)
        res += stringifyToken(key2);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path11) => {
      let item2 = cst;
      for (const [field, index] of path11) {
        const tok = item2?.[field];
        if (tok && "items" in tok) {
          item2 = tok.items[index];
        } else
          return void 0;
      }
      return item2;
    };
    visit.parentCollection = (cst, path11) => {
      const parent = visit.itemAtPath(cst, path11.slice(0, -1));
      const field = path11[path11.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path11, item2, visitor) {
      let ctrl = visitor(item2, path11);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item2[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path11.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item2, path11);
        }
      }
      return typeof ctrl === "function" ? ctrl(item2, path11) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar2 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar2;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n2) {
        return this.buffer[this.pos + n2];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n2) {
        return this.pos + n2 <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n2) {
        return this.buffer.substr(this.pos, n2);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n2 = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n2);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n2 = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n2;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n2 = yield* this.pushIndicators();
        switch (line[n2]) {
          case "#":
            yield* this.pushCount(line.length - n2);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n2 += yield* this.parseBlockScalarHeader();
            n2 += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n2);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n2 = 0;
        while (line[n2] === ",") {
          n2 += yield* this.pushCount(1);
          n2 += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n2 += yield* this.pushIndicators();
        switch (line[n2]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n2);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote2 = this.charAt(0);
        let end = this.buffer.indexOf(quote2, this.pos + 1);
        if (quote2 === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n2 = 0;
            while (this.buffer[end - 1 - n2] === "\\")
              n2 += 1;
            if (n2 % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n2) {
        if (n2 > 0) {
          yield this.buffer.substr(this.pos, n2);
          this.pos += n2;
          return n2;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n2 = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n2 += yield* this.pushTag();
              n2 += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n2 += yield* this.pushUntil(isNotAnchorChar);
              n2 += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n2 += yield* this.pushCount(1);
                n2 += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n2;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n2 = i - this.pos;
        if (n2 > 0) {
          yield this.buffer.substr(this.pos, n2);
          this.pos = i;
        }
        return n2;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list2, type) {
      for (let i = 0; i < list2.length; ++i)
        if (list2[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list2) {
      for (let i = 0; i < list2.length; ++i) {
        switch (list2[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n2) {
        return this.stack[this.stack.length - n2];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key2 = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key: key2, sep }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs5 = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs5, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs5);
              } else {
                Object.assign(it, { key: fs5, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs5 = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs5, sep: [] });
              else if (it.sep)
                this.stack.push(fs5);
              else
                Object.assign(it, { key: fs5, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// src/lint.ts
import path7 from "node:path";

// src/diagnostics/rule.ts
function effectiveSeverity(rule4, ctx) {
  const setting = ctx.settings[rule4.id];
  if (setting) return setting === "warn" ? "warning" : setting;
  return rule4.profiles?.[ctx.profile] ?? rule4.severity;
}
function diagnose(ctx, rule4, range, message, fix) {
  const severity = effectiveSeverity(rule4, ctx);
  if (severity === "off") return void 0;
  const d = { file: ctx.file, line: range.line, column: range.column, ruleId: rule4.id, severity, message };
  if (range.endLine !== void 0) d.endLine = range.endLine;
  if (range.endColumn !== void 0) d.endColumn = range.endColumn;
  if (fix) d.fix = fix;
  return d;
}
function compareDiagnostics(a, b) {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

// src/pipeline/discover.ts
import fs from "node:fs";
import path2 from "node:path";

// src/rules/discovery-rules.ts
var DISCOVERY_RULES = [
  {
    id: "root-missing",
    severity: "error",
    description: "A source root (config `sources` or a command-line root) does not exist.",
    help: "No skill can be found in a folder that is not there, and a silently empty build would ship without them. Fix the path in `sources` (relative to the project root) or on the command line, or create the folder."
  },
  {
    id: "root-not-folder",
    severity: "error",
    description: "A source root is a file, not a folder.",
    help: "Roots are folders searched for skills. Point `sources` at the folder that holds the skill folders; to lint one SKILL.md, pass it to `skillc lint` instead."
  },
  {
    id: "discovery-limit",
    severity: "warning",
    description: "The search for skills stopped at the depth bound or the folder-count bound, so skills below may be missing.",
    help: "Discovery searches at most `discovery.maxDepth` folder levels (default 6) and `discovery.maxFolders` folders per root (default 2,000), as the Agent Skills client guide recommends, so a stray large folder cannot stall a build. Raise the bound in the config, or move the skills closer to the root, or move large non-skill folders out of it."
  },
  {
    id: "skill-file-case",
    severity: "warning",
    description: "A skill file is named `skill.md` (or another case variant) instead of `SKILL.md`.",
    help: "The specification names the file `SKILL.md`; some clients only look for that exact name, and on case-sensitive filesystems a variant is a different file. Rename it to `SKILL.md`. When both exist, `SKILL.md` is the skill file and the variant is an ordinary supporting file."
  },
  {
    id: "symlink-escape",
    severity: "warning",
    description: "A symbolic link points outside its source root (folders, SKILL.md) or outside its skill folder (supporting files); it is not followed.",
    help: "skillc never reads outside the folders it was given, so nothing private is bundled by accident. Whatever the link points to is left out. Copy the target into the skill folder, or add the target folder as its own entry in `sources`."
  },
  {
    id: "read-error",
    severity: "warning",
    description: "A folder or file could not be read (permissions, a broken link, or it vanished while being read).",
    help: "The folder's skills or the file are left out of the build. Fix the permissions or the link, or remove the entry."
  },
  {
    id: "path-missing",
    severity: "error",
    description: "A path given to `skillc lint` does not exist.",
    help: "Check the spelling; paths are relative to the working directory."
  },
  {
    id: "not-in-skill",
    severity: "warning",
    description: "A markdown file given to `skillc lint` is not inside any skill folder.",
    help: "Only files inside a folder holding a SKILL.md are checked. Non-markdown files outside skills are ignored without a word (lint-staged passes every staged file); a markdown file is reported because it is often a skill file with the wrong name or in the wrong place."
  },
  {
    id: "file-too-large",
    severity: "warning",
    description: "A supporting file is larger than `files.maxBytes` and is left out of the bundle.",
    help: "Large files bloat the bundle every agent imports. Raise `files.maxBytes`, add the file to `files.exclude` to silence this, or serve it from elsewhere."
  },
  {
    id: "too-many-files",
    severity: "error",
    description: "A skill folder holds more than 10,000 files (or folders); collection stopped there.",
    help: "Such a folder is almost always a data set or a dependency tree by mistake, and serving part of it would be wrong without notice. Exclude it with `files.exclude` (e.g. `data/**`), or move it out of the skill folder."
  },
  {
    id: "special-file",
    severity: "warning",
    description: "A FIFO, socket or device file inside a skill folder is skipped.",
    help: "Only regular files can be bundled; reading a FIFO would block. Remove it from the skill folder or add it to `files.exclude`."
  }
];

// src/util/paths.ts
import path from "node:path";
function toPosix(p) {
  return path.sep === "/" ? p : p.split(path.sep).join("/");
}
function relPosix(from, to) {
  return toPosix(path.relative(from, to)) || ".";
}
function joinPosix(...parts) {
  const kept = parts.filter((p) => p !== "" && p !== ".");
  return kept.length === 0 ? "." : kept.join("/");
}
function isInside(parent, child2) {
  if (child2 === parent) return true;
  const rel = path.relative(parent, child2);
  return rel !== "" && rel !== ".." && !rel.startsWith(".." + path.sep) && !path.isAbsolute(rel);
}
function compareCodeUnits(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/pipeline/discover.ts
var RULES = new Map(DISCOVERY_RULES.map((r) => [r.id, r]));
function report(opts, out, ruleId, file, message) {
  const rule4 = RULES.get(ruleId);
  if (!rule4) throw new Error(`unknown discovery rule "${ruleId}"`);
  const d = diagnose({ file, profile: opts.profile, settings: opts.settings }, rule4, { line: 1, column: 1 }, message);
  if (d) out.push(d);
}
function isSkippedFolder(name) {
  return name.startsWith(".") || name === "node_modules";
}
function skillFileCandidates(names) {
  return names.filter((n2) => n2.length === 8 && n2.toLowerCase() === "skill.md").sort((a, b) => a === "SKILL.md" ? -1 : b === "SKILL.md" ? 1 : compareCodeUnits(a, b));
}
function child(dir2, name) {
  return dir2.endsWith(path2.sep) ? dir2 + name : dir2 + path2.sep + name;
}
function errCode(e) {
  return e?.code ?? String(e);
}
function listFolder(ctx, folder) {
  const { opts, realRoot } = ctx;
  const diagnostics = [];
  const shown = (name) => relPosix(opts.cwd, name === void 0 ? folder.abs : path2.join(folder.abs, name));
  let entries;
  try {
    entries = fs.readdirSync(folder.abs, { withFileTypes: true });
  } catch (e) {
    report(opts, diagnostics, "read-error", shown(), `Folder "${shown()}" could not be read (${errCode(e)}); skills inside it are not included. Fix its permissions or remove it from the root.`);
    return { subdirs: [], diagnostics };
  }
  entries.sort((a, b) => compareCodeUnits(a.name, b.name));
  let skillFile;
  const candidates = entries.some((e) => e.name.length === 8 && e.name.toLowerCase() === "skill.md") ? skillFileCandidates(entries.map((e) => e.name)) : [];
  for (const name of candidates) {
    const entry = entries.find((e) => e.name === name);
    let ok = entry.isFile();
    if (entry.isSymbolicLink()) {
      try {
        const real = fs.realpathSync(path2.join(folder.abs, name));
        if (!isInside(realRoot, real)) {
          report(opts, diagnostics, "symlink-escape", shown(name), `"${shown(name)}" is a symbolic link to a file outside the source root "${ctx.root.dir}", so this skill is not included. Replace the link with the file itself, or add the folder it points to as a source root.`);
          continue;
        }
        ok = fs.statSync(real).isFile();
      } catch {
        ok = false;
      }
    }
    if (!ok) continue;
    if (skillFile === void 0) {
      skillFile = name;
      if (name !== "SKILL.md") {
        report(opts, diagnostics, "skill-file-case", shown(name), `The skill file is named "${name}"; rename it to "SKILL.md", the name the specification uses and the only one some agents look for.`);
      }
    } else {
      report(opts, diagnostics, "skill-file-case", shown(name), `"${name}" sits next to "${skillFile}", which is the skill file; "${name}" is served as an ordinary supporting file. Delete it or merge it into "${skillFile}".`);
    }
  }
  const subdirs = [];
  for (const entry of entries) {
    if (isSkippedFolder(entry.name)) continue;
    if (entry.isDirectory()) {
      subdirs.push({ name: entry.name, real: child(folder.real, entry.name), link: false });
    } else if (entry.isSymbolicLink()) {
      const linkPath = child(folder.abs, entry.name);
      let real;
      try {
        real = fs.realpathSync(linkPath);
        if (!fs.statSync(real).isDirectory()) continue;
      } catch {
        continue;
      }
      if (!isInside(realRoot, real)) {
        if (folder.inSkill || skillFile !== void 0) continue;
        report(opts, diagnostics, "symlink-escape", shown(entry.name), `"${shown(entry.name)}" is a symbolic link to a folder outside the source root "${ctx.root.dir}"; it is not searched, so skills behind it are not included. Copy the folder into the root, or add the folder it points to as its own entry in \`sources\`.`);
        continue;
      }
      subdirs.push({ name: entry.name, real, link: true });
    }
  }
  return { skillFile, subdirs, diagnostics };
}
function makeSource(ctx, folder, fileName) {
  const dir2 = relPosix(ctx.opts.cwd, folder.abs);
  return {
    root: ctx.root,
    dir: dir2,
    relDir: folder.rel === "" ? path2.basename(ctx.absRoot) : folder.rel,
    file: joinPosix(dir2, fileName),
    fileName,
    absDir: folder.real
  };
}
async function discoverRoot(root, opts, sources, diagnostics) {
  const absRoot = path2.resolve(opts.cwd, root.dir);
  const shownRoot = relPosix(opts.cwd, absRoot);
  let realRoot;
  try {
    realRoot = await fs.promises.realpath(absRoot);
    if (!(await fs.promises.stat(realRoot)).isDirectory()) {
      report(opts, diagnostics, "root-not-folder", shownRoot, `Source root "${shownRoot}" is a file, not a folder. Point \`sources\` (or the command line) at the folder that holds the skill folders.`);
      return;
    }
  } catch (e) {
    if (errCode(e) === "ENOENT" || errCode(e) === "ENOTDIR") {
      report(opts, diagnostics, "root-missing", shownRoot, `Source root "${shownRoot}" does not exist, so no skills are read from it. Fix the path in \`sources\` (relative to the project root) or on the command line, or create the folder.`);
    } else {
      report(opts, diagnostics, "read-error", shownRoot, `Source root "${shownRoot}" could not be read (${errCode(e)}). Fix its permissions.`);
    }
    return;
  }
  const ctx = { root, absRoot, realRoot, opts };
  const visited = /* @__PURE__ */ new Set([realRoot]);
  let level = [{ abs: absRoot, real: realRoot, rel: "", depth: 0, inSkill: false }];
  let links = [];
  let listed = 1;
  const depthCut = [];
  const countCut = [];
  const admit = (candidates) => {
    const next = [];
    for (const f of candidates) {
      if (visited.has(f.real)) continue;
      if (f.depth > opts.maxDepth) {
        if (!f.inSkill) depthCut.push(relPosix(opts.cwd, f.abs));
      } else if (listed >= opts.maxFolders) {
        if (!f.inSkill) countCut.push(relPosix(opts.cwd, f.abs));
      } else {
        visited.add(f.real);
        listed++;
        next.push(f);
      }
    }
    return next;
  };
  while (level.length > 0) {
    const candidates = [];
    for (const folder of level) {
      const { skillFile, subdirs, diagnostics: found } = listFolder(ctx, folder);
      diagnostics.push(...found);
      if (skillFile) sources.push(makeSource(ctx, folder, skillFile));
      for (const sub of subdirs) {
        const f = {
          abs: child(folder.abs, sub.name),
          real: sub.real,
          rel: folder.rel === "" ? sub.name : folder.rel + "/" + sub.name,
          depth: folder.depth + 1,
          inSkill: folder.inSkill || skillFile !== void 0
        };
        (sub.link ? links : candidates).push(f);
      }
    }
    level = admit(candidates);
    if (level.length === 0 && links.length > 0) {
      level = admit(links);
      links = [];
    }
  }
  if (depthCut.length > 0) {
    report(opts, diagnostics, "discovery-limit", depthCut[0], `Discovery in "${shownRoot}" stops ${opts.maxDepth} folder level${opts.maxDepth === 1 ? "" : "s"} down (discovery.maxDepth); ${depthCut.length} folder${depthCut.length === 1 ? " was" : "s were"} not searched, first "${depthCut[0]}", so skills inside are missing. Raise \`discovery.maxDepth\` in the config, or move the skills closer to the root.`);
  }
  if (countCut.length > 0) {
    report(opts, diagnostics, "discovery-limit", countCut[0], `Discovery in "${shownRoot}" stops after ${opts.maxFolders} folders (discovery.maxFolders); at least ${countCut.length} more were not searched, first "${countCut[0]}", so skills inside are missing. Raise \`discovery.maxFolders\` in the config, or move large non-skill folders out of the root.`);
  }
}
async function discover(roots, opts) {
  const perRoot = await Promise.all(
    roots.map(async (root) => {
      const sources2 = [];
      const diagnostics2 = [];
      await discoverRoot(root, opts, sources2, diagnostics2);
      return { sources: sources2, diagnostics: diagnostics2 };
    })
  );
  const sources = perRoot.flatMap((r) => r.sources);
  sources.sort((a, b) => a.root.precedence - b.root.precedence || compareCodeUnits(a.relDir, b.relDir) || compareCodeUnits(a.dir, b.dir));
  const diagnostics = perRoot.flatMap((r) => r.diagnostics).sort(compareDiagnostics);
  return { sources, diagnostics };
}

// src/pipeline/targets.ts
import { promises as fs2 } from "node:fs";
import path3 from "node:path";
var MARKDOWN = /\.(md|markdown|mdx)$/i;
async function isSkillFolder(dir2) {
  let names;
  try {
    names = await fs2.readdir(dir2);
  } catch {
    return false;
  }
  for (const name of skillFileCandidates(names)) {
    try {
      if ((await fs2.stat(path3.join(dir2, name))).isFile()) return true;
    } catch {
    }
  }
  return false;
}
async function enclosingSkill(start, cwd, maxUp) {
  const bounded = isInside(cwd, start);
  let dir2 = start;
  for (let up = 0; ; up++) {
    if (await isSkillFolder(dir2)) return dir2;
    const parent = path3.dirname(dir2);
    if (parent === dir2 || (bounded ? dir2 === cwd : up >= maxUp)) return void 0;
    dir2 = parent;
  }
}
async function resolveTargets(paths, opts) {
  const diagnostics = [];
  const found = await Promise.all(
    paths.map(async (p) => {
      const abs = path3.resolve(opts.cwd, p);
      const shown = relPosix(opts.cwd, abs);
      let isDir;
      try {
        isDir = (await fs2.stat(abs)).isDirectory();
      } catch {
        report(opts, diagnostics, "path-missing", shown, `"${p}" does not exist, so it was not linted. Check the path (relative to the working directory).`);
        return void 0;
      }
      const skill = await enclosingSkill(isDir ? abs : path3.dirname(abs), opts.cwd, opts.maxDepth);
      if (skill) return { abs: skill, skill: true };
      if (isDir) return { abs, skill: false };
      if (MARKDOWN.test(abs)) {
        report(opts, diagnostics, "not-in-skill", shown, `"${shown}" is not inside a skill folder (no SKILL.md in it or above it), so it was not linted. A skill file must be named SKILL.md and sit in the skill's folder.`);
      }
      return void 0;
    })
  );
  const targets = [];
  for (const t2 of found) if (t2 && !targets.some((o) => o.abs === t2.abs)) targets.push(t2);
  const kept = targets.filter((t2) => !targets.some((o) => o !== t2 && o.abs !== t2.abs && isInside(o.abs, t2.abs)));
  const roots = kept.map((t2, i) => {
    const dir2 = relPosix(opts.cwd, t2.abs);
    return { dir: dir2, scope: path3.basename(t2.abs) || dir2, precedence: i };
  });
  const allSkills = targets.length > 0 && targets.every((t2) => t2.skill);
  const only = allSkills ? new Set(targets.map((t2) => relPosix(opts.cwd, t2.abs))) : void 0;
  return { roots, only, diagnostics };
}

// src/cache.ts
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path4 from "node:path";

// src/version.ts
import { readFileSync } from "node:fs";

// src/util/package-file.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function packageFile(relative) {
  let dir2 = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir2, relative);
    if (existsSync(candidate)) return candidate;
    dir2 = dirname(dir2);
  }
  throw new Error(`skillc: ${relative} not found next to the package`);
}

// src/version.ts
function skillcVersion() {
  if (true) return "0.1.0";
  const pkg = JSON.parse(readFileSync(packageFile("package.json"), "utf8"));
  return pkg.version;
}

// src/cache.ts
var AnalysisCache = class _AnalysisCache {
  constructor(file, key2, entries) {
    this.file = file;
    this.key = key2;
    this.entries = new Map(Object.entries(entries));
  }
  file;
  key;
  entries;
  dirty = false;
  /** Opens the cache for this project root and config; a missing or stale cache starts empty. */
  static async open(projectRoot, configKey) {
    const file = path4.join(projectRoot, "node_modules", ".cache", "skillc", "analysis-v1.json");
    const key2 = createHash("sha256").update(skillcVersion()).update("\0").update(stableJson(configKey)).digest("hex");
    try {
      const data = JSON.parse(await readFile(file, "utf8"));
      if (data.key === key2 && data.entries && typeof data.entries === "object") return new _AnalysisCache(file, key2, data.entries);
    } catch {
    }
    return new _AnalysisCache(file, key2, {});
  }
  /** The key of one skill's analysis: the hash of its SKILL.md bytes and the names of its files. */
  static entryKey(bytesHash, fileList) {
    return createHash("sha256").update(bytesHash).update("\0").update(fileList.join("\0")).digest("hex");
  }
  get(file, entryKey) {
    const entry = this.entries.get(file);
    return entry?.key === entryKey ? entry.value : void 0;
  }
  set(file, entryKey, value) {
    this.entries.set(file, { key: entryKey, value });
    this.dirty = true;
  }
  /** Writes the cache if anything changed, atomically; failures are ignored. */
  async save() {
    if (!this.dirty) return;
    const entries = {};
    for (const k of [...this.entries.keys()].sort()) entries[k] = this.entries.get(k);
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path4.dirname(this.file), { recursive: true });
      await writeFile(tmp, JSON.stringify({ key: this.key, entries }));
      await rename(tmp, this.file);
    } catch {
    }
  }
};
function stableJson(value) {
  return JSON.stringify(
    value,
    (_k, v) => v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : 1)) : v
  );
}

// src/pipeline/analyze.ts
import { createHash as createHash5 } from "node:crypto";
import { readFile as readFile2 } from "node:fs/promises";
import path6 from "node:path";

// src/pipeline/parse.ts
var import_yaml2 = __toESM(require_dist(), 1);
import { createHash as createHash2 } from "node:crypto";

// src/rules/parse-rules.ts
var rule = (r) => r;
var EMPTY_FILE = rule({
  id: "empty-file",
  severity: "error",
  description: "SKILL.md is empty or holds only whitespace.",
  help: "A skill needs YAML frontmatter (at least `description`) and instructions. Run `skillc new <name>` for a valid starting point, or delete the folder."
});
var INVALID_UTF8 = rule({
  id: "invalid-utf8",
  severity: "error",
  description: "SKILL.md is not valid UTF-8.",
  help: "Agents read SKILL.md as UTF-8 and would show replacement characters or refuse the file. Re-save it as UTF-8 in your editor (or `iconv -f latin1 -t utf-8`)."
});
var BINARY_FILE = rule({
  id: "binary-file",
  severity: "error",
  description: "SKILL.md contains NUL bytes, so it is a binary file, not markdown.",
  help: "SKILL.md must be text. Check that the right file was saved under that name (a UTF-16 export holds NUL bytes too: re-save as UTF-8)."
});
var FRONTMATTER_MISSING = rule({
  id: "frontmatter-missing",
  severity: "error",
  description: "SKILL.md does not start with a `---` line opening YAML frontmatter.",
  help: "The first line must be exactly `---` (no indentation, nothing after it but spaces), followed by the YAML fields and a closing `---` line. Agents skip skills without frontmatter."
});
var FRONTMATTER_UNCLOSED = rule({
  id: "frontmatter-unclosed",
  severity: "error",
  description: "The frontmatter opened by `---` on line 1 is never closed.",
  help: "Add a line holding only `---` after the last YAML field. Without it markdown parsers see a horizontal rule and the fields are lost."
});
var YAML_SYNTAX = rule({
  id: "yaml-syntax",
  severity: "error",
  description: "The frontmatter is not valid YAML.",
  help: "The most common cause is an unquoted `: ` inside a value (`description: Use when: x`); wrap such a value in double quotes (`--fix` does it). Other causes: tabs used for indentation, unbalanced quotes or brackets.",
  fixable: true
});
var YAML_DUPLICATE_KEY = rule({
  id: "yaml-duplicate-key",
  severity: "error",
  description: "The same key appears twice in one YAML map.",
  help: "Parsers disagree on which one wins (first, last, or an error). Keep one of them."
});
var YAML_MULTI_DOCUMENT = rule({
  id: "yaml-multi-document",
  severity: "error",
  description: "The frontmatter holds more than one YAML document (a `---` or `...` line inside it).",
  help: "Frontmatter is a single YAML map. Remove the extra document marker; if a value needs `---`, quote it."
});
var FRONTMATTER_NOT_MAP = rule({
  id: "frontmatter-not-map",
  severity: "error",
  description: "The frontmatter is not a YAML map of fields (it is empty, a list or a single value).",
  help: "Write the fields as `key: value` lines, e.g. `name: my-skill` and `description: What it does and when to use it`."
});
var PARSE_RULES = [
  EMPTY_FILE,
  INVALID_UTF8,
  BINARY_FILE,
  FRONTMATTER_MISSING,
  FRONTMATTER_UNCLOSED,
  YAML_SYNTAX,
  YAML_DUPLICATE_KEY,
  YAML_MULTI_DOCUMENT,
  FRONTMATTER_NOT_MAP
];

// src/pipeline/frontmatter.ts
function toOriginalOffset(map, offset) {
  let lo = 0;
  let hi = map.crlf.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (map.crlf[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return offset + lo + (map.bom ? 1 : 0);
}
var decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
var lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
function decodeSkill(bytes) {
  const nul = bytes.indexOf(0);
  if (nul !== -1) return { ok: false, kind: "binary", ...positionOfByte(bytes, nul) };
  let raw;
  try {
    raw = decoder.decode(bytes);
  } catch {
    return { ok: false, kind: "invalid-utf8", ...positionOfByte(bytes, firstInvalidUtf8(bytes)) };
  }
  const bom = raw.charCodeAt(0) === 65279;
  if (bom) raw = raw.slice(1);
  if (raw.indexOf("\r") === -1) return { ok: true, text: raw, map: { bom, crlf: [] } };
  const crlf = [];
  let out = "";
  let last = 0;
  for (let i = raw.indexOf("\r"); i !== -1; i = raw.indexOf("\r", i + 1)) {
    out += raw.slice(last, i);
    if (raw.charCodeAt(i + 1) === 10) {
      crlf.push(out.length);
      last = i + 1;
    } else {
      out += "\n";
      last = i + 1;
    }
  }
  out += raw.slice(last);
  return { ok: true, text: out, map: { bom, crlf } };
}
function positionOfByte(bytes, index) {
  let prefix = lenientDecoder.decode(bytes.subarray(0, index));
  if (prefix.charCodeAt(0) === 65279) prefix = prefix.slice(1);
  const lines = prefix.split(/\r\n?|\n/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}
function firstInvalidUtf8(bytes) {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 128) {
      i++;
      continue;
    }
    let need;
    let min = 128;
    let max = 191;
    if (b >= 194 && b <= 223) need = 1;
    else if (b >= 224 && b <= 239) {
      need = 2;
      if (b === 224) min = 160;
      if (b === 237) max = 159;
    } else if (b >= 240 && b <= 244) {
      need = 3;
      if (b === 240) min = 144;
      if (b === 244) max = 143;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const lo = k === 1 ? min : 128;
      const hi = k === 1 ? max : 191;
      if (c === void 0 || c < lo || c > hi) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}
var FENCE_REST = /^[ \t]*$/;
function isFence(line) {
  return line.startsWith("---") && FENCE_REST.test(line.slice(3));
}
function locateFrontmatter(text) {
  const firstEnd = text.indexOf("\n");
  if (firstEnd === -1) return isFence(text) ? { kind: "unclosed" } : { kind: "none" };
  if (!isFence(text.slice(0, firstEnd))) return { kind: "none" };
  const valueStart = firstEnd + 1;
  let lineStart = valueStart;
  let line = 2;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (text.startsWith("---", lineStart) && isFence(text.slice(lineStart, lineEnd))) {
      const between = text.slice(valueStart, lineStart);
      return {
        kind: "found",
        value: between.endsWith("\n") ? between.slice(0, -1) : between,
        valueStart,
        closeLine: line,
        closeLineLength: lineEnd - lineStart,
        bodyOffset: Math.min(lineEnd + 1, text.length)
      };
    }
    if (lineEnd === text.length) break;
    lineStart = lineEnd + 1;
    line++;
  }
  return { kind: "unclosed" };
}
var LineIndex = class {
  constructor(text, limit = text.length) {
    this.text = text;
    for (let i = text.indexOf("\n"); i !== -1 && i < limit; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  text;
  starts = [0];
  /** 1-based line and column of a text offset. */
  pos(offset) {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >>> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo] + 1 };
  }
  /** Offset of a 1-based line and column. */
  offset(line, column) {
    return (this.starts[line - 1] ?? this.text.length) + column - 1;
  }
};

// src/pipeline/yaml-positions.ts
var import_yaml = __toESM(require_dist(), 1);
function pointerSegment(key2) {
  return key2.replace(/~/g, "~0").replace(/\//g, "~1");
}
function keyString(key2) {
  if (key2 === null || key2 === void 0) return "";
  if ((0, import_yaml.isScalar)(key2)) return key2.value === null ? "" : String(key2.value);
  return void 0;
}
function collectPositions(node, base, lines) {
  const positions = /* @__PURE__ */ Object.create(null);
  const range = (r, fallback) => {
    const start = lines.pos(base + (r ? r[0] : fallback));
    const end = lines.pos(base + (r ? r[1] : fallback));
    return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
  const walk2 = (n2, pointer, fallback) => {
    if (!n2 || typeof n2 !== "object") return;
    const r = n2.range;
    if ((0, import_yaml.isMap)(n2)) {
      for (const pair of n2.items) {
        if (!(0, import_yaml.isPair)(pair)) continue;
        const k = keyString(pair.key);
        if (k === void 0) continue;
        const keyNode = pair.key;
        const keyRange = range(keyNode?.range, r ? r[0] : fallback);
        const p = `${pointer}/${pointerSegment(k)}`;
        const v = pair.value;
        const keyEnd = keyNode?.range ? keyNode.range[1] : fallback;
        positions[p] = { key: keyRange, value: range(v?.range, keyEnd) };
        walk2(v, p, keyEnd);
      }
    } else if ((0, import_yaml.isSeq)(n2)) {
      n2.items.forEach((item2, i) => {
        const p = `${pointer}/${i}`;
        positions[p] = { value: range(item2?.range, r ? r[0] : fallback) };
        walk2(item2, p, r ? r[0] : fallback);
      });
    } else if ((0, import_yaml.isAlias)(n2) || (0, import_yaml.isScalar)(n2)) {
      return;
    }
  };
  positions[""] = { value: range(node?.range, 0) };
  walk2(node, "", 0);
  return positions;
}
function toPlain(value) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) {
    const out = {};
    for (const [k, v] of value) define(out, String(k), toPlain(v));
    return out;
  }
  if (typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value)) define(out, k, toPlain(value[k]));
    return out;
  }
  if (value === void 0) return null;
  return String(value);
}
function define(obj, key2, value) {
  Object.defineProperty(obj, key2, { value, enumerable: true, writable: true, configurable: true });
}

// src/pipeline/parse.ts
var FILE_START = { line: 1, column: 1, endLine: 1, endColumn: 1 };
var MAX_ALIAS_COUNT = 100;
var MAX_YAML_ERRORS = 5;
function parseSkill(source, bytes, ctx) {
  const diagnostics = [];
  const report3 = (rule4, range, message, fix) => {
    const d = diagnose(ctx, rule4, range, message, fix);
    if (d) diagnostics.push(d);
  };
  const result = {
    source,
    hash: createHash2("sha256").update(bytes).digest("hex"),
    text: "",
    frontmatter: void 0,
    positions: {},
    frontmatterRange: FILE_START,
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics
  };
  const decoded = decodeSkill(bytes);
  if (!decoded.ok) {
    if (decoded.kind === "binary") {
      report3(BINARY_FILE, decoded, `${source.fileName} contains a NUL byte, so it is binary, not text; save it as UTF-8 markdown.`);
    } else {
      report3(INVALID_UTF8, decoded, `${source.fileName} is not valid UTF-8 from here on; re-save the file as UTF-8.`);
    }
    return result;
  }
  const text = decoded.text;
  result.text = text;
  setBody(result, 0);
  if (text.trim() === "") {
    report3(EMPTY_FILE, FILE_START, `${source.fileName} is empty; add frontmatter with at least a \`description\` and the skill's instructions (\`skillc new\` scaffolds one).`);
    return result;
  }
  const located = locateFrontmatter(text);
  if (located.kind === "none") {
    const first = text.slice(0, Math.max(0, text.indexOf("\n"))) || text;
    const hint = /^\s*-{3,}/.test(first) ? "the first line must be exactly `---` (no indentation, no other characters)" : "add a `---` line, the YAML fields (`name`, `description`) and a closing `---` line at the top";
    report3(FRONTMATTER_MISSING, { ...FILE_START, endColumn: first.length + 1 }, `${source.fileName} has no YAML frontmatter: ${hint}.`);
    return result;
  }
  if (located.kind === "unclosed") {
    report3(FRONTMATTER_UNCLOSED, { ...FILE_START, endColumn: 4 }, "the frontmatter opened here is never closed; add a line holding only `---` after the last field.");
    return result;
  }
  result.frontmatterRange = { line: 1, column: 1, endLine: located.closeLine, endColumn: located.closeLineLength + 1 };
  setBody(result, located.bodyOffset);
  const lines = new LineIndex(text, located.bodyOffset);
  const base = located.valueStart;
  const doc = (0, import_yaml2.parseDocument)(located.value, { uniqueKeys: true, prettyErrors: false, strict: true });
  const errorLines = /* @__PURE__ */ new Set();
  for (const error of doc.errors) {
    if (errorLines.size >= MAX_YAML_ERRORS) break;
    const start = lines.pos(base + error.pos[0]);
    if (errorLines.has(start.line)) continue;
    errorLines.add(start.line);
    reportYamlError(error, start, text, lines, decoded.map, report3);
  }
  let data;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    report3(YAML_SYNTAX, { line: 2, column: 1 }, `the frontmatter's aliases expand too much (${error.message.replace(/\.$/, "")}); write the values out instead of nesting \`*alias\` references.`);
    return result;
  }
  if (doc.errors.length === 0 && !(0, import_yaml2.isMap)(doc.contents)) {
    const what = doc.contents === null ? "empty" : Array.isArray(data) ? "a list" : "a single value";
    const range = doc.contents?.range ? rangeOf(lines, base + doc.contents.range[0], base + doc.contents.range[1]) : { ...FILE_START, endColumn: 4 };
    report3(FRONTMATTER_NOT_MAP, range, `the frontmatter is ${what}, not a map of fields; write \`key: value\` lines such as \`name: my-skill\` and \`description: \u2026\`.`);
  }
  if (diagnostics.some((d) => d.severity === "error")) return result;
  if (!(0, import_yaml2.isMap)(doc.contents)) return result;
  result.frontmatter = toPlain(data);
  result.positions = collectPositions(doc.contents, base, lines);
  return result;
}
function setBody(result, bodyOffset) {
  const rest = result.text.slice(bodyOffset);
  const body = rest.trim();
  result.bodyOffset = bodyOffset;
  result.body = body;
  result.bodyStart = bodyOffset + (body ? rest.length - rest.trimStart().length : 0);
}
function rangeOf(lines, start, end) {
  const s = lines.pos(start);
  const e = lines.pos(Math.max(start, end));
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}
function reportYamlError(error, start, text, lines, map, report3) {
  if (error.code === "DUPLICATE_KEY") {
    const lineText = lineAt(text, lines, start.line);
    const key2 = /^\s*(?:-\s+)?("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(lineText.slice(start.column - 1))?.[1] ?? "this key";
    report3(YAML_DUPLICATE_KEY, { ...start, endLine: start.line, endColumn: start.column + key2.length }, `\`${key2}\` is already set earlier in this map; keep only one of the two (parsers disagree on which one wins).`);
    return;
  }
  if (error.code === "MULTIPLE_DOCS") {
    report3(YAML_MULTI_DOCUMENT, start, "a second YAML document starts here; remove the `---` or `...` marker before it (quote a value that needs one) so the frontmatter is a single map.");
    return;
  }
  const colon = colonInPlainValue(text, lines, start.line, map);
  if (colon) {
    report3(YAML_SYNTAX, colon.range, colon.message, colon.fix);
    return;
  }
  const reason = error.message.replace(/\s+at line \d+, column \d+.*$/s, "").replace(/\.$/, "");
  const advice = error.code === "TAB_AS_INDENT" ? "indent with spaces, not tabs" : error.code === "BLOCK_AS_IMPLICIT_KEY" || error.code === "MULTILINE_IMPLICIT_KEY" ? "check the indentation of this line and the next, and quote values that contain `: ` or `#`" : "fix the YAML here (quote values holding `: `, `#`, or leading `[`, `{`, `*`, `&`, `!`, `|`, `>`)";
  report3(YAML_SYNTAX, start, `invalid YAML in the frontmatter (${lowerFirst(reason)}); ${advice}.`);
}
function lineAt(text, lines, line) {
  const start = lines.starts[line - 1] ?? text.length;
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? text.length : end);
}
var KEY_VALUE = /^(\s*(?:-\s+)?)("[^"]*"|'[^']*'|[^\s"'#:][^#:]*?)[ \t]*:[ \t]+(\S.*)$/;
function colonInPlainValue(text, lines, line, map) {
  const lineText = lineAt(text, lines, line);
  const m = KEY_VALUE.exec(lineText);
  if (!m) return void 0;
  const [, indent, key2, rawValue] = m;
  if (/^["'|>[{&*!%@`]/.test(rawValue)) return void 0;
  const hash = rawValue.search(/\s#/);
  const value = (hash === -1 ? rawValue : rawValue.slice(0, hash)).trimEnd();
  if (!/:(\s|$)/.test(value)) return void 0;
  const lineStart = lines.starts[line - 1];
  const valueStart = lineStart + lineText.length - rawValue.length;
  const valueEnd = valueStart + value.length;
  const s = lines.pos(valueStart);
  const range = { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + value.length };
  const quoted = `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const field = key2.replace(/^["']|["']$/g, "");
  const base = `the value of \`${field}\` contains \`: \`, which YAML reads as a nested key`;
  if (continues(text, lines, line, indent.length)) {
    return { range, message: `${base}; wrap the whole value in double quotes (or use a \`>\` block scalar for a multi-line value).` };
  }
  const fix = { range: [toOriginalOffset(map, valueStart), toOriginalOffset(map, valueEnd)], text: quoted };
  return { range, message: `${base}; wrap the whole value in double quotes (\`--fix\` does it): ${field}: ${shorten(quoted)}`, fix };
}
function continues(text, lines, line, keyIndent) {
  for (let l = line + 1; l <= lines.starts.length; l++) {
    const next = lineAt(text, lines, l);
    if (next.trim() === "") continue;
    if (/^---[ \t]*$/.test(next)) return false;
    return next.length - next.trimStart().length > keyIndent;
  }
  return false;
}
function shorten(s) {
  return s.length <= 72 ? s : `${s.slice(0, 68)}\u2026"`;
}
function lowerFirst(s) {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

// src/rules/frontmatter-rules.ts
var rule2 = (r) => r;
var FIELD_TYPE = rule2({
  id: "field-type",
  severity: "error",
  description: "A known frontmatter field has the wrong type or an invalid value.",
  help: "Each field has one expected shape (see schema/skill.schema.json): e.g. `name` a string, `disable-model-invocation` true or false, `context` only `fork`. Quote values YAML would read as numbers or booleans."
});
var UNKNOWN_FIELD = rule2({
  id: "unknown-field",
  severity: "warning",
  profiles: { agentskills: "error", codex: "off" },
  description: "A frontmatter field the profile does not know (often a typo).",
  help: "Unknown fields are ignored by agents, so a typo (`allowed_tools`) silently loses its setting; the message names the closest known field. The agentskills profile allows only the six spec fields (move others under `metadata`); Codex ignores unknown keys, so the codex profile does not report them."
});
var NAME_MISSING = rule2({
  id: "name-missing",
  severity: "off",
  profiles: { agentskills: "error" },
  description: "`name` is absent (required by the Agent Skills specification).",
  help: "The spec requires `name`; the other profiles use the folder name instead. Add `name: <folder-name>`."
});
var NAME_FORMAT = rule2({
  id: "name-format",
  severity: "error",
  description: "`name` is not kebab-case of at most 64 characters.",
  help: "Names are identifiers (`/name` commands, the typed `SkillName` union, catalog entries): 1-64 lowercase letters, digits and single hyphens, not starting or ending with a hyphen. Rename, e.g. `PDF Tools` \u2192 `pdf-tools`."
});
var NAME_RESERVED = rule2({
  id: "name-reserved",
  severity: "warning",
  description: "`name` contains a word reserved by Anthropic's platform (`anthropic`, `claude`).",
  help: "Anthropic's API and Claude apps reject skills whose name contains `anthropic` or `claude`. Rename the skill if it will be uploaded there."
});
var NAME_MISMATCH = rule2({
  id: "name-mismatch",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "`name` differs from the skill's folder name.",
  help: "The spec requires them to be equal, and agents that go by the folder will call the skill differently. skillc uses the frontmatter name. Rename the folder or the name."
});
var XML_IN_FIELD = rule2({
  id: "xml-in-field",
  severity: "warning",
  description: "`name` or `description` contains an XML tag.",
  help: "Catalogs are XML-like prompts; tags in a description can break or inject into them, and Anthropic's platform rejects them. Write the text without angle-bracket tags (use `&lt;`-free wording or backticks)."
});
var DESCRIPTION_MISSING = rule2({
  id: "description-missing",
  severity: "error",
  description: "`description` is missing or empty.",
  help: "The description is all the model sees before loading a skill: say what it does and when to use it (1-1024 characters). The claude-code profile falls back to the body's first paragraph instead."
});
var DESCRIPTION_FALLBACK = rule2({
  id: "description-fallback",
  severity: "warning",
  description: "No `description`: the body's first paragraph is used instead (claude-code profile).",
  help: "Claude Code uses the first paragraph when `description` is absent, which is rarely a good trigger text. Write a `description` saying what the skill does and when to use it."
});
var DESCRIPTION_TOO_LONG = rule2({
  id: "description-too-long",
  severity: "error",
  description: "`description` is longer than 1024 characters (code points).",
  help: "The spec, Codex and Claude apps reject descriptions over 1024 characters, and long descriptions crowd the catalog budget. Move detail into the body."
});
var COMPATIBILITY_TOO_LONG = rule2({
  id: "compatibility-too-long",
  severity: "error",
  description: "`compatibility` is longer than 500 characters (code points).",
  help: "The spec limits `compatibility` to 500 characters. Keep it to the requirements (product, packages, network); put the rest in the body."
});
var METADATA_VALUE_TYPE = rule2({
  id: "metadata-value-type",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "A `metadata` value is not a string.",
  help: "The spec defines `metadata` as string keys to string values; YAML turns `version: 1.0` into the number 1 and `beta: yes` stays a string only by luck. Quote the value."
});
var VERSION_NUMBER = rule2({
  id: "version-number",
  severity: "warning",
  description: "`version` is an unquoted number (`version: 1.0` is read as 1).",
  help: 'YAML reads `1.0` as the number 1 and `1.10` as 1.1, so the version changes silently. Quote it: `version: "1.0"`.'
});
var TRIGGER_REGEX_INVALID = rule2({
  id: "trigger-regex-invalid",
  severity: "error",
  description: "A `triggers.patterns` entry is not a valid JavaScript regular expression.",
  help: 'Patterns are compiled with `new RegExp(source, "i")`. Fix the syntax (escape `(`, `[`, `\\` meant literally) or use `keywords`/`verbs` for plain words.'
});
var TRIGGER_REGEX_REDOS = rule2({
  id: "trigger-regex-redos",
  severity: "error",
  description: "A `triggers.patterns` entry can backtrack catastrophically (exponential time).",
  help: "Patterns run on every user message; a nested quantifier like `(a+)+` or overlapping alternatives like `(a|a)*` can hang the agent on a short input. Remove the nesting (`a+`) or make the alternatives disjoint."
});
var FRONTMATTER_RULES = [
  FIELD_TYPE,
  UNKNOWN_FIELD,
  NAME_MISSING,
  NAME_FORMAT,
  NAME_RESERVED,
  NAME_MISMATCH,
  XML_IN_FIELD,
  DESCRIPTION_MISSING,
  DESCRIPTION_FALLBACK,
  DESCRIPTION_TOO_LONG,
  COMPATIBILITY_TOO_LONG,
  METADATA_VALUE_TYPE,
  VERSION_NUMBER,
  TRIGGER_REGEX_INVALID,
  TRIGGER_REGEX_REDOS
];

// src/pipeline/fm-schema.ts
import { createHash as createHash3 } from "node:crypto";
import { existsSync as existsSync2, readFileSync as readFileSync2 } from "node:fs";
import { createRequire } from "node:module";
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
var load = createRequire(import.meta.url);
var STANDALONE_FILE = "dist/skill-validators.cjs";
var SCHEMA_ID = "https://unpkg.com/skillc/schema/skill.schema.json";
var schema;
var packageRoot;
var schemaHash;
var standalone;
var ajv;
var compiled = /* @__PURE__ */ new Map();
function loadSkillSchema() {
  if (schema) return schema;
  let dir2 = dirname2(fileURLToPath2(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join2(dir2, "schema", "skill.schema.json");
    if (existsSync2(candidate)) {
      packageRoot = dir2;
      const text = readFileSync2(candidate, "utf8");
      schemaHash = createHash3("sha256").update(text).digest("hex");
      schema = JSON.parse(text);
      return schema;
    }
    dir2 = dirname2(dir2);
  }
  throw new Error("skillc: schema/skill.schema.json not found next to the package");
}
function precompiled(profile) {
  if (standalone === void 0) {
    loadSkillSchema();
    const file = join2(packageRoot, STANDALONE_FILE);
    const mod = existsSync2(file) ? load(file) : void 0;
    standalone = mod && mod.schemaHash === schemaHash ? mod : null;
  }
  return standalone?.[profile];
}
function getAjv() {
  if (!ajv) {
    const mod = load("ajv/dist/2020.js");
    ajv = new mod.Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema(loadSkillSchema());
  }
  return ajv;
}
function getValidator(profile, extraSchema) {
  const key2 = extraSchema ? `${profile}\0${JSON.stringify(extraSchema)}` : profile;
  const hit = compiled.get(key2);
  if (hit) return hit;
  const s = loadSkillSchema();
  const validate = precompiled(profile) ?? getAjv().getSchema(`${SCHEMA_ID}#/$defs/${profile}`);
  if (!validate) throw new Error(`skillc: no schema definition for profile "${profile}"`);
  const known = Object.keys(s.$defs[profile]?.properties ?? {});
  const result = { validate, known };
  if (extraSchema) {
    try {
      const { $schema: _ignored, ...rest } = extraSchema;
      result.extra = getAjv().compile({ ...rest, $id: void 0 });
      const props = extraSchema.properties;
      if (props && typeof props === "object") result.known = [.../* @__PURE__ */ new Set([...known, ...Object.keys(props)])];
    } catch (error) {
      result.extraError = error.message;
    }
  }
  compiled.set(key2, result);
  return result;
}

// src/pipeline/fm-context.ts
function report2(c, rule4, range, message, fix) {
  const d = diagnose(c.ctx, rule4, range, message, fix);
  if (d) c.diagnostics.push(d);
}
function openingFence() {
  return { line: 1, column: 1, endLine: 1, endColumn: 4 };
}
function rangeAt(parsed, pointer, part = "value") {
  let p = pointer;
  for (; ; ) {
    const pos = parsed.positions[p];
    if (pos) return part === "key" && pos.key || pos.value;
    if (p === "") return openingFence();
    p = p.slice(0, p.lastIndexOf("/"));
    part = "key";
  }
}
function sourceOf(parsed, range) {
  const lines = new LineIndex(parsed.text, parsed.bodyOffset);
  return parsed.text.slice(lines.offset(range.line, range.column), lines.offset(range.endLine, range.endColumn));
}
function displayPath(pointer) {
  return pointer.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")).reduce((out, seg) => /^\d+$/.test(seg) ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg, "");
}
function codePoints(s) {
  let n2 = 0;
  for (const _ of s) n2++;
  return n2;
}
function describeValue(value) {
  if (value === null) return "an empty value (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 37) + "\u2026" : value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return `the boolean ${value}`;
  return typeof value;
}
function distance(a, b) {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}
function closest(name, known) {
  const norm = (s) => s.toLowerCase().replace(/[_\s]/g, "-");
  let best;
  let bestD = Infinity;
  for (const k of known) {
    const d = norm(k) === norm(name) ? 0 : distance(norm(name), norm(k));
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best !== void 0 && bestD <= Math.max(1, Math.min(3, Math.floor(name.length / 3))) ? best : void 0;
}
function folderName(source) {
  const pick = (p) => p.split("/").filter((s) => s && s !== "." && s !== "..").pop();
  return pick(source.relDir) ?? pick(source.dir) ?? pick(source.absDir.replace(/\\/g, "/")) ?? "";
}

// src/pipeline/fm-schema-errors.ts
var OWN_RULE = {
  "": ["required", "additionalProperties"],
  "/name": ["pattern", "minLength", "maxLength"],
  "/description": ["minLength", "maxLength"],
  "/compatibility": ["minLength", "maxLength"]
};
var EXPECTED = {
  string: "a string",
  boolean: "true or false",
  array: "a list",
  object: "a map of fields",
  number: "a number",
  integer: "an integer",
  null: "empty"
};
function schemaAt(schemaPath) {
  const hash = schemaPath.indexOf("#");
  if (hash === -1) return void 0;
  let node = loadSkillSchema();
  for (const seg of schemaPath.slice(hash + 2).split("/")) {
    if (!seg) continue;
    if (!node || typeof node !== "object") return void 0;
    node = node[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}
function valueAt(data, pointer) {
  let v = data;
  for (const seg of pointer.split("/").slice(1)) {
    if (v === null || typeof v !== "object") return void 0;
    const key2 = seg.replace(/~1/g, "/").replace(/~0/g, "~");
    v = Object.prototype.hasOwnProperty.call(v, key2) ? v[key2] : void 0;
  }
  return v;
}
function reportSchemaErrors(c, errors, fromExtraSchema = false) {
  const seen = /* @__PURE__ */ new Set();
  for (const e of errors) {
    const path11 = e.instancePath;
    if (!fromExtraSchema && OWN_RULE[path11]?.includes(e.keyword)) continue;
    const dedupe = `${path11}\0${e.keyword === "additionalProperties" ? e.params.additionalProperty : ""}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const value = valueAt(c.frontmatter, path11);
    if (!fromExtraSchema && path11 === "/description" && value === null) continue;
    const field = displayPath(path11) || "the frontmatter";
    const range = path11 === "" ? openingFence() : rangeAt(c.parsed, path11);
    if (!fromExtraSchema && e.keyword === "type" && /^\/metadata\/[^/]+$/.test(path11)) {
      const key2 = path11.slice(path11.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
      const hint = typeof value === "number" || typeof value === "boolean" ? `quote it: \`${key2}: "${sourceOf(c.parsed, range)}"\`` : "write it as a string (metadata values are strings)";
      report2(c, METADATA_VALUE_TYPE, range, `\`${field}\` must be a string, got ${describeValue(value)}; ${hint}.`);
      continue;
    }
    if (!fromExtraSchema && e.keyword === "type" && path11 === "/version" && typeof value === "number") {
      const src = sourceOf(c.parsed, range);
      report2(c, VERSION_NUMBER, range, `\`version: ${src}\` is read by YAML as the number ${value}; quote it: \`version: "${src}"\`.`);
      continue;
    }
    report2(c, FIELD_TYPE, e.keyword === "additionalProperties" ? rangeAt(c.parsed, `${path11}/${e.params.additionalProperty}`, "key") : range, messageFor(e, field, value, fromExtraSchema));
  }
}
function messageFor(e, field, value, fromExtraSchema) {
  const from = fromExtraSchema ? " (by the project's extra schema)" : "";
  switch (e.keyword) {
    case "type": {
      const types = [].concat(e.params.type);
      const expected = field === "name" ? "a string of lowercase letters, digits and hyphens" : types.includes("string") && types.includes("array") ? "a string or a list of strings" : types.map((t2) => EXPECTED[t2] ?? t2).join(" or ");
      const fixHint = types.includes("string") && (typeof value === "number" || typeof value === "boolean") ? field === "name" ? " \u2014 quote it or rename" : " \u2014 quote it" : value === null ? " \u2014 give it a value or remove the line" : "";
      return `\`${field}\` must be ${expected}${from}, got ${describeValue(value)}${fixHint}.`;
    }
    case "enum": {
      const allowed = e.params.allowedValues.map((v) => JSON.stringify(v)).join(", ");
      return `\`${field}\` must be one of ${allowed}${from}, got ${describeValue(value)}.`;
    }
    case "pattern": {
      if (field.startsWith("toolsets")) return `\`${field}\` must be "path:ExportName" (a module path, a colon, an exported name), got ${describeValue(value)}.`;
      if (field.startsWith("arguments")) return `\`${field}\` must be argument names (letters, digits and underscores, separated by spaces), got ${describeValue(value)}.`;
      return `\`${field}\` must match the pattern ${e.params.pattern}${from}, got ${describeValue(value)}.`;
    }
    case "additionalProperties": {
      const extra = e.params.additionalProperty;
      const parent = schemaAt(e.schemaPath.replace(/\/additionalProperties$/, ""));
      const allowed = parent?.properties ? `; its fields are ${Object.keys(parent.properties).map((k) => `\`${k}\``).join(", ")}` : "";
      return `\`${field}\` does not take a field \`${extra}\`${from}${allowed}.`;
    }
    case "required": {
      const missing = e.params.missingProperty;
      return `\`${field}\` needs a field \`${missing}\`${from}; add it.`;
    }
    default:
      return `\`${field}\` ${e.message ?? "is invalid"}${from}.`;
  }
}

// src/pipeline/fm-regex.ts
var TRIGGER_FLAGS = "i";
function checkTriggerRegex(source, probeBudgetMs = 50) {
  let re;
  try {
    re = new RegExp(source, TRIGGER_FLAGS);
  } catch (error) {
    const reason = error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    return { ok: false, kind: "invalid", reason };
  }
  const nested = staticRedos(source);
  if (nested) return { ok: false, kind: "redos", reason: nested };
  if (probeExponential(re, source, probeBudgetMs)) {
    return { ok: false, kind: "redos", reason: "matching time doubles with each extra character of a failing input" };
  }
  return { ok: true };
}
var REPEAT_AFTER = /^(?:[*+]|\{\d+,\d*\})/;
var OPTIONAL_AFTER = /^(?:\?|\{0(?:,\d*)?\})/;
function staticRedos(source) {
  const stack = [{ start: -1, alts: [{ repeats: false, mandatory: false }], texts: [], altStart: 0 }];
  const top = () => stack[stack.length - 1];
  const alt = () => top().alts[top().alts.length - 1];
  const atom = (end, inner) => {
    const after = source.slice(end);
    const a = alt();
    if (REPEAT_AFTER.test(after)) a.repeats = true;
    else if (!OPTIONAL_AFTER.test(after)) {
      if (!inner || inner.needsChar) a.mandatory = true;
      if (inner?.repeats) a.repeats = true;
    } else if (inner?.repeats) a.repeats = true;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      if (!/[bB]/.test(source[i] ?? "")) atom(i + 1);
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      if (source[j] === "^") j++;
      if (source[j] === "]") j++;
      for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++;
      i = j;
      atom(i + 1);
      continue;
    }
    if (c === "(") {
      let bodyStart = i + 1;
      const m = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i + 1));
      if (m) bodyStart += m[0].length;
      stack.push({ start: i, alts: [{ repeats: false, mandatory: false }], texts: [], altStart: bodyStart });
      continue;
    }
    if (c === "|") {
      top().texts.push(source.slice(top().altStart, i));
      top().alts.push({ repeats: false, mandatory: false });
      top().altStart = i + 1;
      continue;
    }
    if (c === ")" && stack.length > 1) {
      const group = stack.pop();
      group.texts.push(source.slice(group.altStart, i));
      const text = source.slice(group.start, i + 1);
      const lookaround = /^\(\?(?:=|!|<=|<!)/.test(text);
      if (REPEAT_AFTER.test(source.slice(i + 1)) && !lookaround) {
        if (group.alts.some((a) => a.repeats && !a.mandatory)) return `the group \`${text}\` repeats something that already repeats (nested quantifier)`;
        if (overlapping(group.texts)) return `the repeated group \`${text}\` has alternatives that match the same text`;
      }
      if (!lookaround) atom(i + 1, { repeats: group.alts.some((a) => a.repeats), needsChar: group.alts.every((a) => a.mandatory) });
      continue;
    }
    if (c === "{") {
      const q = /^\{\d+(?:,\d*)?\}/.exec(source.slice(i));
      if (q) {
        i += q[0].length - 1;
        continue;
      }
    }
    if (/[*+?^$]/.test(c)) continue;
    atom(i + 1);
  }
  return void 0;
}
function overlapping(alts) {
  if (alts.length < 2) return false;
  const classes = alts.map(atomClass);
  for (let a = 0; a < alts.length; a++) {
    for (let b = a + 1; b < alts.length; b++) {
      if (alts[a] === alts[b]) return true;
      const x = classes[a];
      const y = classes[b];
      if (!x || !y) continue;
      if (x === "any" || y === "any") return true;
      if (x === "word" && (y === "word" || y === "digit" || y.length === 1)) return true;
      if (y === "word" && (x === "digit" || x.length === 1)) return true;
      if (x === "digit" && (y === "digit" || /^\d$/.test(y))) return true;
      if (y === "digit" && /^\d$/.test(x)) return true;
    }
  }
  return false;
}
function atomClass(alt) {
  const atom = alt.replace(/(?:[*+?]|\{\d+,?\d*\})\??$/, "");
  if (atom === ".") return "any";
  if (atom === "\\w") return "word";
  if (atom === "\\d") return "digit";
  if (atom === "\\s") return "space";
  if (atom.length === 1 && /[A-Za-z0-9]/.test(atom)) return atom.toLowerCase();
  return void 0;
}
function probeExponential(re, source, budgetMs) {
  const literals = [...new Set(source.replace(/\\./g, "").replace(/[^A-Za-z0-9 ]/g, "").split(""))].slice(0, 4);
  const chars = [.../* @__PURE__ */ new Set(["a", "1", " ", ...literals])];
  const begin = performance.now();
  for (const ch of chars) {
    let prev = 0;
    for (let n2 = 8; n2 <= 32; n2++) {
      const input = ch.repeat(n2) + "!";
      const t0 = performance.now();
      re.lastIndex = 0;
      re.test(input);
      const t2 = performance.now() - t0;
      if (t2 > 4 && prev > 0.1 && t2 > 1.5 * prev) return true;
      prev = t2;
      if (performance.now() - begin > budgetMs) return false;
    }
  }
  return false;
}

// src/pipeline/fields.ts
var str = (v) => typeof v === "string" ? v : void 0;
var strings = (v) => Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
var bool = (v, fallback) => typeof v === "boolean" ? v : fallback;
function splitTools(v) {
  if (Array.isArray(v)) return strings(v).map((s) => s.trim()).filter(Boolean);
  if (typeof v !== "string") return void 0;
  const out = [];
  let depth = 0;
  let cur = "";
  for (const ch of v) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || /\s/.test(ch))) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}
function firstParagraph(body) {
  const lines = body.split("\n");
  let inFence = false;
  let para = [];
  for (const line of lines) {
    const t2 = line.trim();
    if (/^(```|~~~)/.test(t2)) {
      inFence = !inFence;
      if (para.length) break;
      continue;
    }
    if (inFence) continue;
    if (t2 === "") {
      if (para.length) break;
      continue;
    }
    if (para.length === 0 && /^(#|<|---|\*\*\*|___|[-*+] |\d+[.)] |\||>)/.test(t2)) continue;
    para.push(t2);
  }
  return para.join(" ").replace(/\s+/g, " ").trim();
}
function firstSentence(text) {
  const flat = text.replace(/\s+/g, " ").trim();
  const m = /^(.+?[.!?])(?=\s|$)/.exec(flat);
  return m ? m[1] : flat;
}
function buildFields(parsed, fm) {
  const description = (str(fm.description)?.trim() || firstParagraph(parsed.body)) ?? "";
  const fields = {
    name: str(fm.name) ?? folderName(parsed.source),
    description,
    arguments: typeof fm.arguments === "string" ? fm.arguments.split(/\s+/).filter(Boolean) : strings(fm.arguments),
    disableModelInvocation: bool(fm["disable-model-invocation"], false),
    userInvocable: bool(fm["user-invocable"], true),
    toolsets: typeof fm.toolsets === "string" ? [fm.toolsets] : strings(fm.toolsets),
    defaultEnabled: bool(fm.default_enabled, true),
    briefDescription: str(fm.brief_description)?.trim() || firstSentence(description),
    scripts: typeof fm.scripts === "string" ? [fm.scripts] : strings(fm.scripts)
  };
  const license = str(fm.license);
  if (license !== void 0) fields.license = license;
  const compatibility = str(fm.compatibility);
  if (compatibility !== void 0) fields.compatibility = compatibility;
  if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) {
    const metadata = {};
    for (const [k, v] of Object.entries(fm.metadata)) {
      const text = typeof v === "string" ? v : v !== null && typeof v === "object" ? JSON.stringify(v) : sourceOf(parsed, rangeAt(parsed, `/metadata/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`)) || String(v);
      Object.defineProperty(metadata, k, { value: text, enumerable: true, writable: true, configurable: true });
    }
    fields.metadata = metadata;
  }
  const allowed = splitTools(fm["allowed-tools"]);
  if (allowed) fields.allowedTools = allowed;
  const disallowed = splitTools(fm["disallowed-tools"]);
  if (disallowed) fields.disallowedTools = disallowed;
  const whenToUse = str(fm.when_to_use);
  if (whenToUse !== void 0) fields.whenToUse = whenToUse;
  const hint = fm["argument-hint"];
  if (typeof hint === "string") fields.argumentHint = hint;
  else if (Array.isArray(hint)) fields.argumentHint = sourceOf(parsed, rangeAt(parsed, "/argument-hint")) || `[${strings(hint).join(", ")}]`;
  for (const [key2, prop] of [["model", "model"], ["effort", "effort"], ["agent", "agent"], ["shell", "shell"]]) {
    const v = str(fm[key2]);
    if (v !== void 0) fields[prop] = v;
  }
  if (fm.context === "fork") fields.context = "fork";
  if (typeof fm.paths === "string") fields.paths = fm.paths.split(",").map((s) => s.trim()).filter(Boolean);
  else if (Array.isArray(fm.paths)) fields.paths = strings(fm.paths);
  if (typeof fm.version === "string") fields.version = fm.version;
  else if (typeof fm.version === "number") fields.version = sourceOf(parsed, rangeAt(parsed, "/version")) || String(fm.version);
  if (fm.triggers && typeof fm.triggers === "object" && !Array.isArray(fm.triggers)) {
    const t2 = fm.triggers;
    const triggers = { keywords: strings(t2.keywords), verbs: strings(t2.verbs), patterns: strings(t2.patterns) };
    fields.triggers = triggers;
  }
  return fields;
}

// src/pipeline/frontmatter-checks.ts
var NAME_MAX = 64;
var DESCRIPTION_MAX = 1024;
var COMPATIBILITY_MAX = 500;
var NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var RESERVED = ["anthropic", "claude"];
var XML_TAG = /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/;
function checkUnknownFields(c, profile, known) {
  const set = new Set(known);
  for (const key2 of Object.keys(c.frontmatter)) {
    if (set.has(key2)) continue;
    const near = closest(key2, known);
    const hint = near ? `did you mean \`${near}\`?` : profile === "agentskills" ? `the specification allows only ${known.map((k) => `\`${k}\``).join(", ")}; move it under \`metadata\` or use the skillc profile.` : "agents ignore it; remove it, or move it under `metadata`.";
    report2(c, UNKNOWN_FIELD, rangeAt(c.parsed, `/${key2.replace(/~/g, "~0").replace(/\//g, "~1")}`, "key"), `\`${key2}\` is not a field the ${profile} profile knows; ${hint}`);
  }
}
function checkName(c) {
  const name = c.frontmatter.name;
  if (name === void 0 || name === null) {
    if (name === void 0) report2(c, NAME_MISSING, openingFence(), `\`name\` is required by the Agent Skills specification; add \`name: ${folderName(c.parsed.source)}\`.`);
    return;
  }
  if (typeof name !== "string") return;
  const range = rangeAt(c.parsed, "/name");
  const problems = [];
  const length = codePoints(name);
  if (length === 0) problems.push("is empty");
  if (length > NAME_MAX) problems.push(`is ${length} characters long (the limit is ${NAME_MAX})`);
  if (length > 0 && !/^[a-z0-9-]*$/.test(name)) problems.push("may hold only lowercase letters a-z, digits and hyphens");
  if (/^-|-$/.test(name)) problems.push("may not start or end with a hyphen");
  if (name.includes("--")) problems.push("may not hold two hyphens in a row");
  if (problems.length > 0 || !NAME_RE.test(name)) {
    const suggestion = kebab(name).slice(0, NAME_MAX).replace(/-+$/, "");
    const rename3 = suggestion && suggestion !== name ? `; rename it, e.g. \`name: ${suggestion}\`` : "; rename it in kebab-case";
    report2(c, NAME_FORMAT, range, `\`name\` ${problems.join(", ") || "is not kebab-case"}${rename3}.`);
    return;
  }
  const lower = name.toLowerCase();
  const reserved = RESERVED.find((w) => lower.includes(w));
  if (reserved) report2(c, NAME_RESERVED, range, `\`name\` contains "${reserved}", which Anthropic's platform reserves and rejects; rename the skill if it will be uploaded there.`);
  const folder = folderName(c.parsed.source);
  if (folder && folder !== name) {
    report2(c, NAME_MISMATCH, range, `\`name\` is "${name}" but the folder is "${folder}"; rename one so they match (skillc uses "${name}").`);
  }
}
function kebab(s) {
  return s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
function checkXml(c) {
  for (const field of ["name", "description"]) {
    const v = c.frontmatter[field];
    if (typeof v !== "string") continue;
    const tag = XML_TAG.exec(v);
    if (tag) report2(c, XML_IN_FIELD, rangeAt(c.parsed, `/${field}`), `\`${field}\` contains the XML tag \`${tag[0]}\`, which can break the XML catalog and is rejected by Anthropic's platform; reword it without angle-bracket tags.`);
  }
}
function checkDescription(c, profile) {
  const d = c.frontmatter.description;
  if (d !== void 0 && d !== null && typeof d !== "string") return;
  const empty = typeof d !== "string" || d.trim() === "";
  if (empty) {
    const range = d === void 0 ? openingFence() : rangeAt(c.parsed, "/description");
    const fallback = profile === "claude-code" ? firstParagraph(c.parsed.body) : "";
    if (fallback) {
      report2(c, DESCRIPTION_FALLBACK, range, "`description` is missing, so the body's first paragraph is used; add a `description` saying what the skill does and when to use it.");
    } else {
      const what = d === void 0 ? "is missing" : "is empty";
      report2(c, DESCRIPTION_MISSING, range, `\`description\` ${what}; add one saying what the skill does and when to use it (1-${DESCRIPTION_MAX} characters).`);
    }
    return;
  }
  const length = codePoints(d);
  if (length > DESCRIPTION_MAX) {
    report2(c, DESCRIPTION_TOO_LONG, rangeAt(c.parsed, "/description"), `\`description\` is ${length} characters long, over the limit of ${DESCRIPTION_MAX} by ${length - DESCRIPTION_MAX}; shorten it and move detail into the body.`);
  }
}
function checkCompatibility(c) {
  const v = c.frontmatter.compatibility;
  if (typeof v !== "string") return;
  const length = codePoints(v);
  if (length > COMPATIBILITY_MAX) {
    report2(c, COMPATIBILITY_TOO_LONG, rangeAt(c.parsed, "/compatibility"), `\`compatibility\` is ${length} characters long, over the limit of ${COMPATIBILITY_MAX} by ${length - COMPATIBILITY_MAX}; keep it to the requirements and move the rest into the body.`);
  }
}
function checkTriggers(c) {
  const triggers = c.frontmatter.triggers;
  if (!triggers || typeof triggers !== "object" || Array.isArray(triggers)) return;
  const patterns = triggers.patterns;
  if (!Array.isArray(patterns)) return;
  patterns.forEach((p, i) => {
    if (typeof p !== "string") return;
    const pointer = `/triggers/patterns/${i}`;
    const verdict = checkTriggerRegex(p);
    if (verdict.ok) return;
    if (verdict.kind === "invalid") {
      report2(c, TRIGGER_REGEX_INVALID, rangeAt(c.parsed, pointer), `\`${displayPath(pointer)}\` is not a valid regular expression (${verdict.reason}); fix its syntax or escape characters meant literally.`);
    } else {
      report2(c, TRIGGER_REGEX_REDOS, rangeAt(c.parsed, pointer), `\`${displayPath(pointer)}\` can backtrack catastrophically: ${verdict.reason}; rewrite it without nested or overlapping repetition (e.g. \`(a+)+\` \u2192 \`a+\`).`);
    }
  });
}

// src/pipeline/validate.ts
function validateSkill(parsed, opts) {
  const frontmatter = parsed.frontmatter;
  if (!frontmatter) return { diagnostics: [] };
  const ctx = { file: parsed.source.file, profile: opts.profile, settings: opts.settings };
  const c = { parsed, frontmatter, ctx, diagnostics: [] };
  const validator = getValidator(opts.profile, opts.extraSchema);
  if (!validator.validate(frontmatter)) reportSchemaErrors(c, validator.validate.errors ?? []);
  if (validator.extraError) {
    report2(c, FIELD_TYPE, openingFence(), `the project's extra frontmatter schema does not compile (${validator.extraError}); fix the file named by \`schema\` in the config.`);
  } else if (validator.extra && !validator.extra(frontmatter)) {
    reportSchemaErrors(c, validator.extra.errors ?? [], true);
  }
  checkUnknownFields(c, opts.profile, validator.known);
  checkName(c);
  checkDescription(c, opts.profile);
  checkXml(c);
  checkCompatibility(c);
  checkTriggers(c);
  const failed = c.diagnostics.some((d) => d.severity === "error") || parsed.diagnostics.some((d) => d.severity === "error");
  if (failed) return { diagnostics: c.diagnostics };
  const skill = { ...parsed, frontmatter, fields: buildFields(parsed, frontmatter) };
  return { skill, diagnostics: c.diagnostics };
}

// src/rules/body-rules.ts
var rule3 = (r) => r;
var LINK_MISSING_FILE = rule3({
  id: "link-missing-file",
  severity: "error",
  description: "A relative link or image in the body points at a file that is not in the skill folder.",
  help: "Links are resolved against the skill folder (not the working directory), after dropping `#fragment` and `?query` and percent-decoding. A missing target means the model is told to read a file that the bundle does not contain. Fix the path (the message suggests a near match: other case, a stray trailing period), or add the file. A sentence's period after `)` is not part of the link; `[x](references/a.md.)` is."
});
var LINK_OUTSIDE_SKILL = rule3({
  id: "link-outside-skill",
  severity: "warning",
  description: "A relative link in the body leaves the skill folder (`../`).",
  help: "A skill is served as one folder: files outside it are not bundled, and the runtime refuses `..` paths. Copy the file into the skill (e.g. under `references/`) and link to that copy."
});
var LINK_ABSOLUTE = rule3({
  id: "link-absolute",
  severity: "warning",
  description: "A link in the body is an absolute filesystem path (`/\u2026` or `~/\u2026`).",
  help: "Absolute paths point into the author's machine: they are not part of the skill and do not exist where the bundle runs. Use a path relative to the skill folder (`references/api.md`), or a full URL for web pages."
});
var REFERENCE_DEPTH = rule3({
  id: "reference-depth",
  severity: "warning",
  description: "A link in the body points at a file more than one level below the skill folder.",
  help: "The Agent Skills spec advises keeping file references one level deep (`references/api.md`, not `references/v2/api.md`) so that agents find them without walking chains of folders. Flatten the folder or link to an index file one level deep. Images are not checked."
});
var PLACEHOLDER_IN_CODE = rule3({
  id: "placeholder-in-code",
  severity: "warning",
  description: "An argument placeholder (`$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, a declared `$name`) sits inside code in a skill that takes arguments.",
  help: "Claude Code substitutes arguments in the whole body, code blocks included, and skillc does the same so that skills render identically: `awk '{print $1}'` becomes `awk '{print <second argument>}'`. If the placeholder is meant literally, escape it as `\\$1`; if the substitution is intended, set this rule to \"off\". A skill takes arguments when it declares `arguments` or `argument-hint`, or uses `$ARGUMENTS`/`$N` outside code."
});
var PLACEHOLDER_PRICE = rule3({
  id: "placeholder-price",
  severity: "warning",
  description: "A price such as `$1.00` in a skill that takes arguments is an argument placeholder followed by `.00`.",
  help: "`$N` matches as long as no letter, digit or `_` follows, so `$1.00` becomes the second argument followed by `.00` and `$5,000` the sixth followed by `,000`. Write `\\$1.00` to keep the price."
});
var SHELL_COMMAND_LINE = rule3({
  id: "shell-command-line",
  severity: "warning",
  description: "The body contains `` !`command` ``, which Claude Code runs in a shell before the model sees the body.",
  help: "Claude Code replaces `` !`command` `` with the command's output, even inside code blocks and inline code. The skillc runtime never runs commands (serverless and edge runtimes cannot), so the model sees the raw text instead. Describe the command for the model to run with its own tools, or ship it as a script under `scripts/`. To show the syntax in documentation, break the pattern (e.g. put a space after `!`)."
});
var BODY_TOO_LONG = rule3({
  id: "body-too-long",
  severity: "warning",
  description: "The body is over 500 lines or about 5,000 tokens (characters / 4).",
  help: "The whole body enters the model's context every time the skill is loaded. The Agent Skills spec recommends under 500 lines and 5,000 tokens: move reference material into files under `references/` and link to them from the body."
});
var BODY_RULES = [
  LINK_MISSING_FILE,
  LINK_OUTSIDE_SKILL,
  LINK_ABSOLUTE,
  REFERENCE_DEPTH,
  PLACEHOLDER_IN_CODE,
  PLACEHOLDER_PRICE,
  SHELL_COMMAND_LINE,
  BODY_TOO_LONG
];

// src/markdown/syntax.ts
var TAG_NAME = "[A-Za-z][A-Za-z0-9-]*";
var ATTRIBUTE = `(?:\\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
var OPEN_TAG = `<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`;
var CLOSE_TAG = `</${TAG_NAME}\\s*>`;
var COMMENT = "<!---?>|<!--[\\s\\S]*?-->";
var PROCESSING = "<[?][\\s\\S]*?[?]>";
var DECLARATION = "<![A-Za-z][^>]*>";
var CDATA = "<!\\[CDATA\\[[\\s\\S]*?\\]\\]>";
var RE_INLINE_HTML = new RegExp(`(?:${OPEN_TAG}|${CLOSE_TAG}|${COMMENT}|${PROCESSING}|${DECLARATION}|${CDATA})`, "y");
var RE_AUTOLINK = /<(?:([A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x00-\x20]*)|([#-'*+\-./0-9=?A-Z^-~]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*))>/y;
var BLOCK_NAMES = "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
var RE_HTML_BLOCK_OPEN = [
  /$^/,
  /^<(?:script|pre|style|textarea)(?:\s|>|$)/i,
  /^<!--/,
  /^<[?]/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  new RegExp(`^</?(?:${BLOCK_NAMES})(?:\\s|/?>|$)`, "i"),
  new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`, "i")
];
var RE_RAW_TAG = /^<(?:script|pre|style|textarea)(?:\s|\/?>|$)/i;
var RE_HTML_BLOCK_CLOSE = [/$^/, /<\/(?:script|pre|style|textarea)>/i, /-->/, /\?>/, />/, /\]\]>/];
var RE_THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/;
var RE_MAYBE_SPECIAL = /^[#`~*+_=<>0-9-]/;
var RE_BULLET = /^[*+-]/;
var RE_ORDERED = /^(\d{1,9})([.)])/;
var RE_ATX = /^#{1,6}(?:[ \t]+|$)/;
var RE_FENCE_OPEN = /^`{3,}(?!.*`)|^~{3,}/;
var RE_FENCE_CLOSE = /^(?:`{3,}|~{3,})(?=[ \t]*$)/;
var RE_SETEXT = /^(?:=+|-+)[ \t]*$/;
var ASCII_PUNCT = /[!-/:-@[-`{-~]/;
function isAsciiPunct(c) {
  return c.length === 1 && ASCII_PUNCT.test(c);
}
function normalizeLabel(label2) {
  return label2.replace(/[\t\n\r ]+/g, " ").replace(/^ | $/g, "").toLowerCase().toUpperCase();
}
var NAMED_ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\xA0", colon: ":", sol: "/", num: "#", percnt: "%", lpar: "(", rpar: ")", lsqb: "[", rsqb: "]", period: "." };
function decodeDestination(raw) {
  if (raw.indexOf("\\") < 0 && raw.indexOf("&") < 0) return raw;
  return raw.replace(/\\([!-/:-@[-`{-~])|&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (m, esc2, hex, dec, name) => {
    if (esc2) return esc2;
    if (hex || dec) {
      const cp = parseInt(hex ?? dec, hex ? 16 : 10);
      return cp === 0 || cp > 1114111 || cp >= 55296 && cp <= 57343 ? "\uFFFD" : String.fromCodePoint(cp);
    }
    return NAMED_ENTITIES[name] ?? m;
  });
}

// src/markdown/inline.ts
function toSource(t2, i) {
  const { at } = t2;
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (at[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return t2.textAt[lo] + (i - at[lo]);
}
function skipSpnl(s, k) {
  while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  if (s.charCodeAt(k) === 10) {
    k++;
    while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  }
  return k;
}
function parseDestination(s, k) {
  const len = s.length;
  if (s.charCodeAt(k) === 60) {
    for (let j2 = k + 1; j2 < len; j2++) {
      const c = s[j2];
      if (c === "\\" && j2 + 1 < len && isAsciiPunct(s[j2 + 1])) j2++;
      else if (c === ">") return { start: k + 1, end: j2, next: j2 + 1 };
      else if (c === "<" || c === "\n") return null;
    }
    return null;
  }
  let depth = 0;
  let j = k;
  for (; j < len; j++) {
    const c = s.charCodeAt(j);
    if (c === 92 && j + 1 < len && isAsciiPunct(s[j + 1])) j++;
    else if (c === 40) {
      if (++depth > 32) return null;
    } else if (c === 41) {
      if (depth === 0) break;
      depth--;
    } else if (c <= 32 || c === 127) break;
  }
  if (j === k && s.charCodeAt(j) !== 41) return null;
  if (depth !== 0) return null;
  return { start: k, end: j, next: j };
}
function parseTitle(s, k) {
  const open2 = s[k];
  if (open2 !== '"' && open2 !== "'" && open2 !== "(") return -1;
  const close = open2 === "(" ? ")" : open2;
  for (let j = k + 1; j < s.length; j++) {
    const c = s[j];
    if (c === "\\" && j + 1 < s.length && isAsciiPunct(s[j + 1])) j++;
    else if (c === close) return j + 1;
    else if (open2 === "(" && c === "(") return -1;
  }
  return -1;
}
function linkLabelLength(s, k) {
  if (s[k] !== "[") return 0;
  for (let j = k + 1; j < s.length && j - k <= 1e3; j++) {
    const c = s[j];
    if (c === "\\" && j + 1 < s.length && isAsciiPunct(s[j + 1])) j++;
    else if (c === "[") return 0;
    else if (c === "]") return j + 1 - k;
  }
  return 0;
}
function atLineEnd(s, k) {
  while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  if (k >= s.length) return k;
  return s.charCodeAt(k) === 10 ? k + 1 : -1;
}
function parseDefinitions(t2, refs2, out) {
  const s = t2.s;
  let pos = 0;
  while (s.charCodeAt(pos) === 91) {
    const n2 = linkLabelLength(s, pos);
    if (n2 < 3 || s.charCodeAt(pos + n2) !== 58) break;
    const label2 = normalizeLabel(s.slice(pos + 1, pos + n2 - 1));
    if (label2 === "") break;
    let k = skipSpnl(s, pos + n2 + 1);
    const dest = parseDestination(s, k);
    if (!dest || dest.start === dest.end && s.charCodeAt(k) !== 60) break;
    k = dest.next;
    const beforeTitle = k;
    k = skipSpnl(s, k);
    let end = -1;
    if (k !== beforeTitle) {
      const titleEnd = parseTitle(s, k);
      if (titleEnd >= 0) end = atLineEnd(s, titleEnd);
    }
    if (end < 0) end = atLineEnd(s, beforeTitle);
    if (end < 0) break;
    refs2.add(label2);
    out.push({
      kind: "definition",
      url: decodeDestination(s.slice(dest.start, dest.end)),
      start: toSource(t2, dest.start),
      end: toSource(t2, dest.start) + (dest.end - dest.start)
    });
    pos = end;
  }
  return pos;
}
var RE_SPECIAL = /[\\`<!\[\]]/g;
function scanInline(t2, refs2, code, links) {
  const s = t2.s;
  const len = s.length;
  const openers = [];
  const noCloser = /* @__PURE__ */ new Map();
  let i = t2.from;
  while (i < len) {
    RE_SPECIAL.lastIndex = i;
    const m = RE_SPECIAL.exec(s);
    if (!m) break;
    i = m.index;
    const c = s[i];
    if (c === "\\") {
      i += i + 1 < len && isAsciiPunct(s[i + 1]) ? 2 : 1;
    } else if (c === "`") {
      let n2 = 1;
      while (s.charCodeAt(i + n2) === 96) n2++;
      const close = findCloser(s, i + n2, n2, noCloser);
      if (close < 0) i += n2;
      else {
        code.push({ kind: "inline", start: toSource(t2, i), end: toSource(t2, close - 1) + 1 });
        i = close;
      }
    } else if (c === "<") {
      RE_AUTOLINK.lastIndex = i;
      const a = RE_AUTOLINK.exec(s);
      if (a) {
        const start = toSource(t2, i + 1);
        links.push({ kind: "autolink", url: a[1] ?? `mailto:${a[2]}`, start, end: start + a[0].length - 2 });
        i += a[0].length;
        continue;
      }
      RE_INLINE_HTML.lastIndex = i;
      const h = RE_INLINE_HTML.exec(s);
      i += h ? h[0].length : 1;
    } else if (c === "!" || c === "[") {
      const image = c === "!";
      if (image && s[i + 1] !== "[") {
        i++;
        continue;
      }
      if (openers.length) openers[openers.length - 1].bracketAfter = true;
      openers.push({ pos: i, image, active: true, bracketAfter: false });
      i += image ? 2 : 1;
    } else {
      i = closeBracket(t2, i, openers, refs2, links);
    }
  }
}
function findCloser(s, from, n2, noCloser) {
  const known = noCloser.get(n2);
  if (known !== void 0 && from >= known) return -1;
  let j = from;
  for (; ; ) {
    j = s.indexOf("`", j);
    if (j < 0) {
      noCloser.set(n2, from);
      return -1;
    }
    let m = 1;
    while (s.charCodeAt(j + m) === 96) m++;
    if (m === n2) return j + n2;
    j += m;
  }
}
function closeBracket(t2, i, openers, refs2, links) {
  const s = t2.s;
  const op = openers[openers.length - 1];
  if (!op) return i + 1;
  if (!op.active) {
    openers.pop();
    return i + 1;
  }
  let dest = null;
  let end = -1;
  if (s[i + 1] === "(") {
    let k = skipSpnl(s, i + 2);
    const d = parseDestination(s, k);
    if (d) {
      k = d.next;
      const before = k;
      k = skipSpnl(s, k);
      if (k !== before) {
        const te = parseTitle(s, k);
        if (te >= 0) k = skipSpnl(s, te);
      }
      if (s[k] === ")") {
        dest = d;
        end = k + 1;
      }
    }
  }
  if (!dest) {
    const n2 = linkLabelLength(s, i + 1);
    let label2;
    if (n2 > 2) label2 = s.slice(i + 2, i + n2);
    else if (!op.bracketAfter) label2 = s.slice(op.pos + (op.image ? 2 : 1), i);
    if (label2 !== void 0 && label2.length <= 999 && refs2.has(normalizeLabel(label2))) end = n2 === 0 ? i + 1 : i + 1 + n2;
  }
  openers.pop();
  if (end < 0) return i + 1;
  if (!op.image) {
    for (const o of openers) if (!o.image) o.active = false;
  }
  if (dest) {
    const start = toSource(t2, dest.start);
    links.push({
      kind: op.image ? "image" : "link",
      url: decodeDestination(s.slice(dest.start, dest.end)),
      start,
      end: toSource(t2, dest.end)
    });
  }
  return end;
}

// src/markdown/scan.ts
function newBlock(k) {
  return {
    k,
    hasChild: false,
    start: 0,
    end: 0,
    lastNonBlankEnd: 0,
    ordered: false,
    marker: "",
    markerOffset: 0,
    padding: 0,
    fenced: false,
    fenceChar: "",
    fenceLen: 0,
    fenceOffset: 0,
    htmlType: 0,
    segs: [],
    defsEnd: -1
  };
}
function canContain(parent, child2) {
  if (parent === 0 /* Doc */ || parent === 1 /* Quote */ || parent === 3 /* Item */) return child2 !== 3 /* Item */;
  return parent === 2 /* List */ && child2 === 3 /* Item */;
}
var acceptsLines = (k) => k === 4 /* Para */ || k === 6 /* Code */ || k === 7 /* Html */;
function scanMarkdown(src, from = 0, to = src.length) {
  const p = new BlockScanner(src);
  let pos = from;
  while (pos < to) {
    let nl = src.indexOf("\n", pos);
    if (nl < 0 || nl > to) nl = to;
    p.line(pos, src.slice(pos, nl));
    pos = nl + 1;
  }
  while (p.stack.length > 0) p.finalize();
  const links = [...p.definitions];
  const code = p.code;
  for (const text of p.inlines) scanInline(text, p.refs, code, links);
  code.sort((a, b) => a.start - b.start);
  links.sort((a, b) => a.start - b.start);
  return { code, links };
}
var BlockScanner = class {
  constructor(src) {
    this.src = src;
  }
  src;
  stack = [newBlock(0 /* Doc */)];
  code = [];
  definitions = [];
  refs = /* @__PURE__ */ new Set();
  inlines = [];
  ln = "";
  lineStart = 0;
  offset = 0;
  column = 0;
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  indent = 0;
  indented = false;
  blank = false;
  partialTab = false;
  allClosed = true;
  lastMatched = 0;
  interrupting = false;
  get tip() {
    return this.stack[this.stack.length - 1];
  }
  line(lineStart, ln) {
    this.ln = ln;
    this.lineStart = lineStart;
    this.offset = 0;
    this.column = 0;
    this.partialTab = false;
    const stack = this.stack;
    let ci = 0;
    for (let i = 1; i < stack.length; i++) {
      this.findNextNonspace();
      const r = this.continues(stack[i]);
      if (r === 2) return;
      if (r === 1) break;
      ci = i;
    }
    const oldTipIndex = stack.length - 1;
    this.allClosed = ci === oldTipIndex;
    this.lastMatched = ci;
    let matchedLeaf = stack[ci].k !== 4 /* Para */ && acceptsLines(stack[ci].k);
    const oldTip = stack[oldTipIndex];
    this.interrupting = stack[ci].k === 4 /* Para */ || oldTip.k === 6 /* Code */ && !oldTip.fenced;
    while (!matchedLeaf) {
      this.findNextNonspace();
      if (!this.indented && !RE_MAYBE_SPECIAL.test(ln.slice(this.nextNonspace))) {
        this.advanceNextNonspace();
        break;
      }
      const r = this.blockStart(ci);
      if (r === 0) {
        this.advanceNextNonspace();
        break;
      }
      ci = this.stack.length - 1;
      if (r === 2) matchedLeaf = true;
    }
    const tip = this.tip;
    if (!this.allClosed && !this.blank && tip.k === 4 /* Para */) {
      this.addLine(tip);
      return;
    }
    this.closeUnmatched();
    const container = this.tip;
    if (acceptsLines(container.k)) {
      this.addLine(container);
      if (container.k === 7 /* Html */ && container.htmlType >= 1 && container.htmlType <= 5 && RE_HTML_BLOCK_CLOSE[container.htmlType].test(ln.slice(this.offset))) {
        this.finalize();
      }
    } else if (this.offset < ln.length && !this.blank) {
      this.addChild(4 /* Para */);
      this.advanceNextNonspace();
      this.addLine(this.tip);
    }
  }
  // 0 matched, 1 not matched, 2 line consumed.
  continues(b) {
    const ln = this.ln;
    switch (b.k) {
      case 1 /* Quote */:
        if (!this.indented && ln.charCodeAt(this.nextNonspace) === 62) {
          this.advanceNextNonspace();
          this.advanceOffset(1, false);
          const c = ln.charCodeAt(this.offset);
          if (c === 32 || c === 9) this.advanceOffset(1, true);
          return 0;
        }
        return 1;
      case 3 /* Item */:
        if (this.blank) {
          if (!b.hasChild) return 1;
          this.advanceNextNonspace();
        } else if (this.indent >= b.markerOffset + b.padding) {
          this.advanceOffset(b.markerOffset + b.padding, true);
        } else return 1;
        return 0;
      case 5 /* Heading */:
      case 8 /* Break */:
        return 1;
      case 6 /* Code */:
        if (b.fenced) {
          if (this.indent <= 3 && ln.charAt(this.nextNonspace) === b.fenceChar) {
            const m = RE_FENCE_CLOSE.exec(ln.slice(this.nextNonspace));
            if (m && m[0].length >= b.fenceLen) {
              b.end = this.lineStart + ln.length;
              this.finalize();
              return 2;
            }
          }
          let i = b.fenceOffset;
          while (i > 0 && ln.charCodeAt(this.offset) === 32) {
            this.advanceOffset(1, false);
            i--;
          }
          return 0;
        }
        if (this.indent >= 4) this.advanceOffset(4, true);
        else if (this.blank) this.advanceNextNonspace();
        else return 1;
        return 0;
      case 7 /* Html */:
        return this.blank && (b.htmlType === 6 || b.htmlType === 7) ? 1 : 0;
      case 4 /* Para */:
        return this.blank ? 1 : 0;
      default:
        return 0;
    }
  }
  // 0 no match, 1 container started, 2 leaf started.
  blockStart(ci) {
    const container = this.stack[ci];
    const ln = this.ln;
    const rest = ln.slice(this.nextNonspace);
    const c = rest.charCodeAt(0);
    if (!this.indented) {
      if (c === 62) {
        this.advanceNextNonspace();
        this.advanceOffset(1, false);
        const n2 = ln.charCodeAt(this.offset);
        if (n2 === 32 || n2 === 9) this.advanceOffset(1, true);
        this.closeUnmatched();
        this.addChild(1 /* Quote */);
        return 1;
      }
      let m;
      if (c === 35 && (m = RE_ATX.exec(rest))) {
        this.advanceNextNonspace();
        this.advanceOffset(m[0].length, false);
        this.closeUnmatched();
        const h = this.addChild(5 /* Heading */);
        const content = ln.slice(this.offset);
        const stripped = /^[ \t]*#+[ \t]*$/.test(content) ? "" : content.replace(/[ \t]+#+[ \t]*$/, "").replace(/[ \t]+$/, "");
        const s = this.lineStart + this.offset;
        h.segs.push(s, s + stripped.length);
        this.offset = ln.length;
        return 2;
      }
      if ((c === 96 || c === 126) && (m = RE_FENCE_OPEN.exec(rest))) {
        this.closeUnmatched();
        const b = this.addChild(6 /* Code */);
        b.fenced = true;
        b.fenceLen = m[0].length;
        b.fenceChar = m[0][0];
        b.fenceOffset = this.indent;
        b.start = this.lineStart + this.nextNonspace;
        this.advanceNextNonspace();
        this.advanceOffset(b.fenceLen, false);
        return 2;
      }
      if (c === 60) {
        const lazyPara = !this.allClosed && !this.blank && this.tip.k === 4 /* Para */;
        for (let t2 = 1; t2 <= 7; t2++) {
          if (!RE_HTML_BLOCK_OPEN[t2].test(rest)) continue;
          if (t2 === 7 && (container.k === 4 /* Para */ || RE_RAW_TAG.test(rest))) continue;
          if (t2 === 7 && lazyPara) this.lastMatched = this.stack.length - 2;
          this.closeUnmatched();
          const b = this.addChild(7 /* Html */);
          b.htmlType = t2;
          return 2;
        }
      }
      if (container.k === 4 /* Para */ && RE_SETEXT.test(rest)) {
        this.closeUnmatched();
        const text = this.paragraphText(container);
        const consumed = parseDefinitions(text, this.refs, this.definitions);
        container.defsEnd = consumed;
        if (consumed < text.s.length && /\S/.test(text.s.slice(consumed))) {
          container.k = 5 /* Heading */;
          this.offset = ln.length;
          return 2;
        }
      }
      if (RE_THEMATIC_BREAK.test(rest)) {
        this.closeUnmatched();
        this.addChild(8 /* Break */);
        this.offset = ln.length;
        return 2;
      }
    }
    if (!this.indented && this.listItem(container)) return 1;
    if (this.indented && this.tip.k !== 4 /* Para */ && !this.blank) {
      this.advanceOffset(4, true);
      this.closeUnmatched();
      const b = this.addChild(6 /* Code */);
      b.start = this.lineStart + this.offset;
      return 2;
    }
    return 0;
  }
  listItem(container) {
    const ln = this.ln;
    const rest = ln.slice(this.nextNonspace);
    let m;
    let ordered = false;
    let marker;
    const interrupting = this.interrupting;
    if (m = RE_BULLET.exec(rest)) {
      marker = m[0];
    } else if ((m = RE_ORDERED.exec(rest)) && (!interrupting || m[1] === "1")) {
      ordered = true;
      marker = m[2];
    } else return false;
    const after = ln.charCodeAt(this.nextNonspace + m[0].length);
    if (!(Number.isNaN(after) || after === 9 || after === 32)) return false;
    if (interrupting && !/[^ \t]/.test(ln.slice(this.nextNonspace + m[0].length))) return false;
    const markerOffset = this.indent;
    this.advanceNextNonspace();
    this.advanceOffset(m[0].length, true);
    const spacesStartCol = this.column;
    const spacesStartOffset = this.offset;
    let next;
    do {
      this.advanceOffset(1, true);
      next = ln.charCodeAt(this.offset);
    } while (this.column - spacesStartCol < 5 && (next === 32 || next === 9));
    const blankItem = this.offset >= ln.length;
    const spaces = this.column - spacesStartCol;
    let padding;
    if (spaces >= 5 || spaces < 1 || blankItem) {
      padding = m[0].length + 1;
      this.column = spacesStartCol;
      this.offset = spacesStartOffset;
      this.partialTab = false;
      const n2 = ln.charCodeAt(this.offset);
      if (n2 === 32 || n2 === 9) this.advanceOffset(1, true);
    } else padding = m[0].length + spaces;
    this.closeUnmatched();
    const list2 = this.tip;
    if (list2.k !== 2 /* List */ || list2.ordered !== ordered || list2.marker !== marker) {
      const added = this.addChild(2 /* List */);
      added.ordered = ordered;
      added.marker = marker;
    }
    const item2 = this.addChild(3 /* Item */);
    item2.ordered = ordered;
    item2.marker = marker;
    item2.markerOffset = markerOffset;
    item2.padding = padding;
    return true;
  }
  addChild(k) {
    while (!canContain(this.tip.k, k)) this.finalize();
    this.tip.hasChild = true;
    const b = newBlock(k);
    this.stack.push(b);
    return b;
  }
  addLine(b) {
    const ln = this.ln;
    const start = this.lineStart + this.offset;
    const end = this.lineStart + ln.length;
    if (b.k === 4 /* Para */) {
      b.segs.push(start, end);
      return;
    }
    b.end = end;
    if (b.k === 6 /* Code */ && /[^ \t]/.test(ln.slice(this.offset))) b.lastNonBlankEnd = end;
  }
  closeUnmatched() {
    if (this.allClosed) return;
    while (this.stack.length - 1 > this.lastMatched) this.finalize();
    this.allClosed = true;
  }
  /** Closes the tip. */
  finalize() {
    const b = this.stack.pop();
    if (b.k === 6 /* Code */) {
      this.code.push({ kind: b.fenced ? "fenced" : "indented", start: b.start, end: b.fenced ? b.end : b.lastNonBlankEnd });
    } else if (b.k === 4 /* Para */ || b.k === 5 /* Heading */) {
      const text = this.paragraphText(b);
      let from = b.defsEnd;
      if (from < 0) from = b.k === 4 /* Para */ ? parseDefinitions(text, this.refs, this.definitions) : 0;
      if (from < text.s.length) {
        text.from = from;
        this.inlines.push(text);
      }
    }
  }
  paragraphText(b) {
    const { segs } = b;
    const parts = [];
    const at = [];
    const textAt = [];
    let n2 = 0;
    for (let i = 0; i < segs.length; i += 2) {
      at.push(n2);
      textAt.push(segs[i]);
      const s = this.src.slice(segs[i], segs[i + 1]);
      parts.push(s);
      n2 += s.length + 1;
    }
    return { s: parts.join("\n"), at, textAt, from: 0 };
  }
  findNextNonspace() {
    const ln = this.ln;
    let i = this.offset;
    let cols = this.column;
    let c = 0;
    while (i < ln.length) {
      c = ln.charCodeAt(i);
      if (c === 32) {
        i++;
        cols++;
      } else if (c === 9) {
        i++;
        cols += 4 - cols % 4;
      } else break;
    }
    this.blank = i >= ln.length;
    this.nextNonspace = i;
    this.nextNonspaceColumn = cols;
    this.indent = cols - this.column;
    this.indented = this.indent >= 4;
  }
  advanceNextNonspace() {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partialTab = false;
  }
  advanceOffset(count, columns) {
    const ln = this.ln;
    while (count > 0 && this.offset < ln.length) {
      if (ln.charCodeAt(this.offset) === 9) {
        const toTab = 4 - this.column % 4;
        this.partialTab = columns && toTab > count;
        const adv = toTab > count ? count : toTab;
        this.column += adv;
        this.offset += this.partialTab ? 0 : 1;
        count -= columns ? adv : 1;
      } else {
        this.partialTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
  }
};

// src/markdown/link-path.ts
var SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;
var SKILL_DIR = /^\$\{?CLAUDE_SKILL_DIR\}?(?:\/|$)/;
function resolveLink(url) {
  let u = url.trim();
  if (u === "" || u.startsWith("#") || u.startsWith("//") || SCHEME.test(u)) return { kind: "external" };
  const cut2 = u.search(/[?#]/);
  if (cut2 >= 0) u = u.slice(0, cut2);
  if (u === "") return { kind: "external" };
  try {
    u = decodeURIComponent(u);
  } catch {
  }
  const skillDir = SKILL_DIR.exec(u);
  if (skillDir) u = u.slice(skillDir[0].length);
  else if (u.startsWith("/") || u === "~" || u.startsWith("~/")) return { kind: "absolute", path: u };
  const out = [];
  const segments = u.split("/");
  for (const seg of segments) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return { kind: "outside", path: u };
      out.pop();
    } else out.push(seg);
  }
  const last = segments[segments.length - 1];
  return { kind: "inside", path: out.join("/"), dir: out.length === 0 || last === "" || last === "." || last === ".." };
}

// src/pipeline/body-checks.ts
var MAX_BODY_LINES = 500;
var MAX_BODY_TOKENS = 5e3;
var CHARS_PER_TOKEN = 4;
function checkBody(input) {
  const { parsed } = input;
  if (!parsed.body) return [];
  const text = parsed.text;
  const from = text.lastIndexOf("\n", parsed.bodyStart - 1) + 1;
  const scan = scanMarkdown(text, Math.max(from, parsed.bodyOffset));
  const out = [];
  const lines = new LazyLines(text);
  const report3 = (rule4, start, end, message) => {
    const d = diagnose(input.ctx, rule4, lines.range(start, end), message);
    if (d) out.push(d);
  };
  checkLinks(input, scan.links, report3);
  checkPlaceholders(input, scan.code, report3);
  checkShellCommands(parsed, report3);
  checkLength(parsed, report3);
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
function checkLinks(input, links, report3) {
  let dirs;
  const isDir = (p) => {
    if (!dirs) {
      dirs = /* @__PURE__ */ new Set([""]);
      for (const f of input.files) for (let i = f.indexOf("/"); i > 0; i = f.indexOf("/", i + 1)) dirs.add(f.slice(0, i));
    }
    return dirs.has(p);
  };
  const self = input.parsed.source.fileName;
  for (const link of links) {
    if (link.kind === "autolink" || link.start === link.end) continue;
    const written = link.url;
    const target = resolveLink(written);
    if (target.kind === "external") continue;
    if (target.kind === "absolute") {
      report3(LINK_ABSOLUTE, link.start, link.end, `\`${written}\` is an absolute path: it is not part of the skill and will not exist where the skill runs; link to a file inside the skill folder with a relative path.`);
      continue;
    }
    if (target.kind === "outside") {
      report3(LINK_OUTSIDE_SKILL, link.start, link.end, `\`${written}\` leaves the skill folder, so the file is not bundled with the skill; copy it into the skill (e.g. \`references/\`) and link to the copy.`);
      continue;
    }
    const p = target.path;
    const exists = target.dir ? isDir(p) || input.files.has(`${p}/`) : input.files.has(p) || p === self || p === "SKILL.md" || isDir(p);
    if (!exists) {
      report3(LINK_MISSING_FILE, link.start, link.end, `\`${written}\` does not exist in the skill folder${suggest(p, input.files)}; fix the path or add the file.`);
    } else if (link.kind !== "image" && !target.dir && p.split("/").length > 2 && !isDir(p)) {
      report3(REFERENCE_DEPTH, link.start, link.end, `\`${written}\` is ${p.split("/").length - 1} folders deep; keep references one level below the skill folder (e.g. \`references/${p.slice(p.lastIndexOf("/") + 1)}\`) so agents find them.`);
    }
  }
}
function suggest(p, files) {
  const trimmed = p.replace(/[.,;:!?)'"]+$/, "");
  if (trimmed !== p && files.has(trimmed)) return ` (did you mean \`${trimmed}\`? the trailing \`${p.slice(trimmed.length)}\` is inside the link)`;
  const lower = p.toLowerCase();
  const base = lower.slice(lower.lastIndexOf("/") + 1);
  let sameName;
  let count = 0;
  for (const f of files) {
    const fl = f.toLowerCase();
    if (fl === lower) return ` (did you mean \`${f}\`? paths are case-sensitive)`;
    if (fl === base || fl.endsWith(`/${base}`)) {
      sameName = f;
      count++;
    }
  }
  return count === 1 ? ` (did you mean \`${sameName}\`?)` : "";
}
var NAME = /^[A-Za-z_][\w-]*$/;
var escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function placeholderPattern(names) {
  const named = names.filter((n2) => NAME.test(n2)).sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeRe);
  const namedAlt = named.length ? `(${named.join("|")})(?![\\w])|` : "()(?!)|";
  return new RegExp(`(\\\\?)\\$(?:${namedAlt}ARGUMENTS\\[(\\d+)\\]|(\\d+)(?!\\w)|(\\{CLAUDE_SKILL_DIR\\})|ARGUMENTS)`, "g");
}
var PRICE_TAIL = /^[.,]\d/;
var RANGE_TAIL = /^[-–]\d/;
function checkPlaceholders(input, code, report3) {
  const { parsed } = input;
  const text = parsed.text;
  const end = parsed.bodyStart + parsed.body.length;
  const re = placeholderPattern(input.declaredArguments);
  re.lastIndex = parsed.bodyStart;
  const found = [];
  let usedOutsideCode = false;
  let k = 0;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) {
    const [all, backslash, name, indexed, positional, skillDir] = m;
    if (backslash || skillDir) continue;
    const start = m.index;
    while (k < code.length && code[k].end <= start) k++;
    const inCode = k < code.length && code[k].start <= start;
    const digits = indexed ?? positional;
    const tail = text.slice(start + all.length, start + all.length + 2);
    const price = positional !== void 0 && PRICE_TAIL.test(tail);
    if (!inCode && !name && !(positional !== void 0 && (price || RANGE_TAIL.test(tail)))) usedOutsideCode = true;
    found.push({ start, end: start + all.length, text: all, arg: name || (digits !== void 0 ? Number(digits) : void 0), price, inCode });
  }
  const takesArguments = input.declaredArguments.length > 0 || input.hasArgumentHint || usedOutsideCode;
  if (!takesArguments) return;
  for (const f of found) {
    const what = typeof f.arg === "number" ? `argument ${f.arg} (0-based: the ${ordinal(f.arg + 1)})` : f.arg ? `the \`${f.arg}\` argument` : "the whole argument string";
    if (f.price) {
      const tail = text.slice(f.end, f.end + 12).match(/^[.,]\d+/)?.[0] ?? "";
      report3(PLACEHOLDER_PRICE, f.start, f.end + tail.length, `\`${f.text}${tail}\` reads as a price, but \`${f.text}\` is a placeholder: with arguments it becomes ${what} followed by \`${tail}\`; write \`\\${f.text}${tail}\` to keep it.`);
    } else if (f.inCode) {
      report3(PLACEHOLDER_IN_CODE, f.start, f.end, `\`${f.text}\` inside code will be replaced by ${what} when the skill is loaded with arguments (Claude Code substitutes inside code too); escape it as \`\\${f.text}\` if it is meant literally.`);
    }
  }
}
function ordinal(n2) {
  const words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
  if (words[n2 - 1]) return words[n2 - 1];
  const teen = n2 % 100 >= 11 && n2 % 100 <= 13;
  return `${n2}${teen ? "th" : ["th", "st", "nd", "rd"][n2 % 10] ?? "th"}`;
}
var SHELL = /(?<![^\s(*_>])!`([^`\n]+)`/g;
function checkShellCommands(parsed, report3) {
  const text = parsed.text;
  const end = parsed.bodyStart + parsed.body.length;
  SHELL.lastIndex = parsed.bodyStart;
  for (let m = SHELL.exec(text); m && m.index < end; m = SHELL.exec(text)) {
    const cmd = m[1].length > 60 ? `${m[1].slice(0, 57)}...` : m[1];
    report3(SHELL_COMMAND_LINE, m.index, m.index + m[0].length, `\`!\`${cmd}\`\` is run by Claude Code in a shell before the model sees the body (even inside code), but the skillc runtime never runs commands, so the model gets the command text instead of its output; describe the command for the model to run, or ship it under \`scripts/\`.`);
  }
}
function checkLength(parsed, report3) {
  const { body, bodyStart, text } = parsed;
  const lineEnd = (offset) => {
    const nl = text.indexOf("\n", offset);
    return nl < 0 ? text.length : nl;
  };
  let count = 1;
  let at = -1;
  for (let i = body.indexOf("\n"); i >= 0; i = body.indexOf("\n", i + 1)) {
    if (++count === MAX_BODY_LINES + 1) at = bodyStart + i + 1;
  }
  if (count > MAX_BODY_LINES) {
    report3(BODY_TOO_LONG, at, lineEnd(at), `The body is ${count} lines long, over the ${MAX_BODY_LINES} lines recommended: all of it enters the model's context whenever the skill loads; move reference material into files under \`references/\` and link to them.`);
  }
  const tokens = Math.ceil(body.length / CHARS_PER_TOKEN);
  if (tokens > MAX_BODY_TOKENS) {
    const cross = bodyStart + MAX_BODY_TOKENS * CHARS_PER_TOKEN;
    report3(BODY_TOO_LONG, cross, lineEnd(cross), `The body is about ${tokens.toLocaleString("en-US")} tokens (characters / 4), over the ~${MAX_BODY_TOKENS.toLocaleString("en-US")} recommended; it passes the limit here. Move reference material into files under \`references/\` and link to them.`);
  }
}
var LazyLines = class {
  constructor(text) {
    this.text = text;
  }
  text;
  starts;
  range(start, end) {
    const s = this.pos(start);
    const e = this.pos(Math.max(start, end));
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
  pos(offset) {
    if (!this.starts) {
      this.starts = [0];
      for (let i = this.text.indexOf("\n"); i >= 0; i = this.text.indexOf("\n", i + 1)) this.starts.push(i + 1);
    }
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >>> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo] + 1 };
  }
};

// src/pipeline/files.ts
import fs3, { constants } from "node:fs";
import { isUtf8 } from "node:buffer";
import { createHash as createHash4 } from "node:crypto";
import path5 from "node:path";

// src/util/glob.ts
var SPECIAL = /[.+^${}()|[\]\\*?]/g;
function escapeRe2(s) {
  return s.replace(SPECIAL, "\\$&");
}
function closingBrace(p, open2) {
  let depth = 0;
  for (let i = open2; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}
function splitAlternatives(inner) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}
function charClass(p, open2) {
  let i = open2 + 1;
  let negate = false;
  if (p[i] === "!" || p[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  for (; i < p.length; i++) {
    const c = p[i];
    if (c === "]" && !first) {
      return { src: negate ? `[^/${body}]` : `(?!/)[${body}]`, end: i + 1 };
    }
    first = false;
    if (c === "\\" && i + 1 < p.length) {
      body += "\\" + p[++i];
    } else if (c === "-") {
      body += "-";
    } else {
      body += c === "\\" || c === "]" || c === "[" || c === "^" ? "\\" + c : c;
    }
  }
  return void 0;
}
function translate(p) {
  let out = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "*") {
      if (p[i + 1] === "*") {
        const atStart = i === 0 || p[i - 1] === "/";
        let j = i;
        while (p[j] === "*") j++;
        const atEnd = j === p.length || p[j] === "/";
        if (atStart && atEnd) {
          if (j === p.length) {
            if (out.endsWith("/")) out = out.slice(0, -1) + "(?:/.*)?";
            else out += ".*";
            i = j - 1;
          } else {
            out += "(?:[^/]*/)*";
            i = j;
          }
          continue;
        }
        out += "[^/]*";
        i = j - 1;
        continue;
      }
      out += "[^/]*";
    } else if (c === "?") {
      out += "[^/]";
    } else if (c === "[") {
      const cls = charClass(p, i);
      if (cls) {
        out += cls.src;
        i = cls.end - 1;
      } else out += "\\[";
    } else if (c === "{") {
      const close = closingBrace(p, i);
      if (close < 0) out += "\\{";
      else {
        out += "(?:" + splitAlternatives(p.slice(i + 1, close)).map(translate).join("|") + ")";
        i = close;
      }
    } else if (c === "\\" && i + 1 < p.length) {
      out += escapeRe2(p[++i]);
    } else {
      out += escapeRe2(c);
    }
  }
  return out;
}
function normalize(pattern) {
  let p = pattern;
  while (p.startsWith("./")) p = p.slice(2);
  p = p.replace(/^\/+/, "").replace(/\/+$/, "");
  return p;
}
function compileGlob(pattern) {
  return new RegExp("^(?:" + translate(normalize(pattern)) + ")$", "s");
}
function createMatcher(patterns) {
  const res = patterns.map(compileGlob);
  if (res.length === 0) return () => false;
  const test = (s) => res.some((re) => re.test(s));
  return (relPath) => {
    if (test(relPath)) return true;
    for (let i = relPath.indexOf("/"); i >= 0; i = relPath.indexOf("/", i + 1)) {
      if (test(relPath.slice(0, i))) return true;
    }
    return false;
  };
}

// src/pipeline/files.ts
var MAX_FILES = 1e4;
var ALWAYS_OUT = /* @__PURE__ */ new Set([".git", "node_modules"]);
var JUNK = /* @__PURE__ */ new Set([".ds_store", "thumbs.db", "ehthumbs.db", "desktop.ini"]);
function isAlwaysExcluded(name) {
  return ALWAYS_OUT.has(name) || JUNK.has(name.toLowerCase()) || name.startsWith("._") || name.endsWith("~") || /^\..*\.sw[a-p]$/.test(name);
}
function errCode2(e) {
  return e?.code ?? String(e);
}
function walk(source, opts, diagnostics) {
  const included = createMatcher(opts.include);
  const excluded = createMatcher(opts.exclude);
  const shown = (rel) => joinPosix(source.dir, rel);
  const files = [];
  const visited = /* @__PURE__ */ new Set([source.absDir]);
  const links = [];
  let folders = 0;
  let stopped = false;
  const stop = (rel) => {
    stopped = true;
    report(opts, diagnostics, "too-many-files", source.file, `"${source.dir}" holds more than ${MAX_FILES} files or folders; collection stopped at "${shown(rel)}", so the skill's files are incomplete. Exclude bulk folders with \`files.exclude\` (e.g. "data/**") or move them out of the skill folder.`);
  };
  const special = (rel) => report(opts, diagnostics, "special-file", shown(rel), `"${shown(rel)}" is not a regular file (a FIFO, socket or device) and is skipped. Remove it from the skill folder or add it to \`files.exclude\`.`);
  const isNestedSkill = (dirReal, entries) => {
    for (const name of skillFileCandidates(entries.map((e) => e.name))) {
      const e = entries.find((x) => x.name === name);
      if (e.isFile()) return true;
      if (e.isSymbolicLink()) {
        try {
          if (fs3.statSync(path5.join(dirReal, name)).isFile()) return true;
        } catch {
        }
      }
    }
    return false;
  };
  const walkDir = (dirReal, prefix) => {
    let entries;
    try {
      entries = fs3.readdirSync(dirReal, { withFileTypes: true });
    } catch (e) {
      report(opts, diagnostics, "read-error", shown(prefix), `Folder "${shown(prefix)}" could not be read (${errCode2(e)}); its files are left out. Fix its permissions or exclude it.`);
      return;
    }
    if (prefix !== "" && isNestedSkill(dirReal, entries)) return;
    entries.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const entry of entries) {
      if (stopped) return;
      const name = entry.name;
      if (isAlwaysExcluded(name) || prefix === "" && name === source.fileName) continue;
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      if (excluded(rel)) continue;
      let real = path5.join(dirReal, name);
      let kind;
      if (entry.isSymbolicLink()) {
        try {
          real = fs3.realpathSync(real);
          const st = fs3.statSync(real);
          kind = st.isFile() ? "file" : st.isDirectory() ? "dir" : "special";
        } catch (e) {
          report(opts, diagnostics, "read-error", shown(rel), `"${shown(rel)}" is a symbolic link that cannot be followed (${errCode2(e)}); it is left out. Fix or remove the link.`);
          continue;
        }
        if (!isInside(source.absDir, real)) {
          report(opts, diagnostics, "symlink-escape", shown(rel), `"${shown(rel)}" is a symbolic link to a ${kind === "dir" ? "folder" : "file"} outside the skill folder "${source.dir}"; it is left out, since skillc never reads outside a skill. Copy the target into the skill folder instead.`);
          continue;
        }
      } else {
        kind = entry.isFile() ? "file" : entry.isDirectory() ? "dir" : "special";
      }
      if (kind === "special") {
        if (included(rel)) special(rel);
      } else if (kind === "dir") {
        if (entry.isSymbolicLink()) links.push({ rel, real });
        else enter(real, rel);
      } else if (included(rel)) {
        if (files.length >= MAX_FILES) return stop(rel);
        files.push({ rel, real });
      }
    }
  };
  const enter = (real, rel) => {
    if (stopped || visited.has(real)) return;
    visited.add(real);
    if (++folders > MAX_FILES) return stop(rel);
    walkDir(real, rel);
  };
  walkDir(source.absDir, "");
  for (let i = 0; i < links.length; i++) enter(links[i].real, links[i].rel);
  return files;
}
function shebangInterpreter(text) {
  if (!text.startsWith("#!")) return void 0;
  const eol = text.indexOf("\n");
  const words = text.slice(2, eol < 0 ? void 0 : eol).trim().split(/\s+/).filter(Boolean);
  let i = 0;
  if (words[0] && path5.posix.basename(words[0]) === "env") {
    i = 1;
    while (i < words.length && (words[i].startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]))) i++;
  }
  const word = words[i];
  return word ? path5.posix.basename(word) : void 0;
}
function isBinary(bytes) {
  return bytes.subarray(0, 8192).includes(0) || !isUtf8(bytes);
}
var OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
function readAll(fd, size) {
  const chunks = [];
  let total = 0;
  for (; ; ) {
    const buf = Buffer.allocUnsafe(Math.max(size - total, 0) + 1);
    const n2 = fs3.readSync(fd, buf, 0, buf.length, null);
    if (n2 === 0) break;
    chunks.push(buf.subarray(0, n2));
    total += n2;
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}
function readEntry(source, entry, opts, diagnostics) {
  const shown = joinPosix(source.dir, entry.rel);
  const tooLarge = (size) => void report(opts, diagnostics, "file-too-large", shown, `"${shown}" is ${size} bytes, over files.maxBytes (${opts.maxBytes}), and is left out of the bundle. Raise \`files.maxBytes\`, or add it to \`files.exclude\` to leave it out without this warning.`);
  let fd;
  try {
    fd = fs3.openSync(entry.real, OPEN_FLAGS);
    const st = fs3.fstatSync(fd);
    if (!st.isFile()) {
      report(opts, diagnostics, "special-file", shown, `"${shown}" is not a regular file (a FIFO, socket or device) and is skipped. Remove it from the skill folder or add it to \`files.exclude\`.`);
      return void 0;
    }
    if (st.size > opts.maxBytes) return tooLarge(st.size);
    const buf = readAll(fd, st.size);
    if (buf.length > opts.maxBytes) return tooLarge(buf.length);
    const binary = isBinary(buf);
    const content = binary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString("utf8");
    const file = {
      path: entry.rel,
      bytes: buf.length,
      sha256: createHash4("sha256").update(buf).digest("hex"),
      binary,
      executable: (st.mode & 73) !== 0,
      content
    };
    const interpreter = typeof content === "string" ? shebangInterpreter(content) : void 0;
    if (interpreter) file.interpreter = interpreter;
    return file;
  } catch (e) {
    report(opts, diagnostics, "read-error", shown, `"${shown}" could not be read (${errCode2(e)}) and is left out. Fix its permissions or exclude it.`);
    return void 0;
  } finally {
    if (fd !== void 0) fs3.closeSync(fd);
  }
}
var byPath = (a, b) => compareCodeUnits(a.path, b.path);
async function collectFiles(source, opts) {
  const diagnostics = [];
  const files = [];
  for (const entry of walk(source, opts, diagnostics)) {
    const file = readEntry(source, entry, opts, diagnostics);
    if (file) files.push(file);
  }
  files.sort(byPath);
  return { files, diagnostics };
}
async function listFiles(source, opts) {
  const diagnostics = [];
  const paths = [];
  for (const entry of walk(source, opts, diagnostics)) {
    const shown = joinPosix(source.dir, entry.rel);
    try {
      const st = fs3.statSync(entry.real);
      if (!st.isFile()) {
        report(opts, diagnostics, "special-file", shown, `"${shown}" is not a regular file (a FIFO, socket or device) and is skipped. Remove it from the skill folder or add it to \`files.exclude\`.`);
      } else if (st.size > opts.maxBytes) {
        report(opts, diagnostics, "file-too-large", shown, `"${shown}" is ${st.size} bytes, over files.maxBytes (${opts.maxBytes}), and is left out of the bundle. Raise \`files.maxBytes\`, or add it to \`files.exclude\` to leave it out without this warning.`);
      } else {
        paths.push(entry.rel);
      }
    } catch (e) {
      report(opts, diagnostics, "read-error", shown, `"${shown}" could not be read (${errCode2(e)}) and is left out. Fix its permissions or exclude it.`);
    }
  }
  return { paths: paths.sort(compareCodeUnits), diagnostics };
}

// src/pipeline/analyze.ts
function analysisKey(opts) {
  return { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema ?? null, files: opts.files };
}
async function analyzeSkill(source, opts) {
  const ctx = { file: source.file, profile: opts.profile, settings: opts.settings };
  const fileOpts = { ...opts.files, settings: opts.settings, profile: opts.profile };
  let bytes;
  try {
    bytes = await readFile2(path6.join(source.absDir, source.fileName));
  } catch (error) {
    const message = `cannot read ${source.fileName}: ${error.code ?? error.message}. Check the file's permissions.`;
    return { source, diagnostics: [{ file: source.file, line: 1, column: 1, ruleId: "read-error", severity: "error", message }] };
  }
  const diagnostics = [];
  let files;
  let paths;
  if (opts.readFiles) {
    const collected = await collectFiles(source, fileOpts);
    files = collected.files;
    paths = files.map((f) => f.path);
    diagnostics.push(...collected.diagnostics);
  } else {
    const listed = await listFiles(source, fileOpts);
    paths = listed.paths;
    diagnostics.push(...listed.diagnostics);
  }
  const key2 = opts.cache ? AnalysisCache.entryKey(createHash5("sha256").update(bytes).digest("hex"), paths) : "";
  const hit = opts.cache?.get(source.file, key2);
  if (hit) {
    const parsed = restoreParsed(source, bytes, hit);
    const skill = hit.fields && parsed.frontmatter ? { ...parsed, frontmatter: parsed.frontmatter, fields: hit.fields } : void 0;
    return { source, parsed, skill, files, diagnostics: [...hit.diagnostics, ...diagnostics] };
  }
  const own = analyzeText(source, bytes, new Set(paths), opts, ctx);
  opts.cache?.set(source.file, key2, {
    frontmatter: own.parsed.frontmatter,
    positions: own.parsed.positions,
    frontmatterRange: own.parsed.frontmatterRange,
    bodyOffset: own.parsed.bodyOffset,
    bodyStart: own.parsed.bodyStart,
    fields: own.skill?.fields,
    diagnostics: own.diagnostics
  });
  return { source, parsed: own.parsed, skill: own.skill, files, diagnostics: [...own.diagnostics, ...diagnostics] };
}
function analyzeText(source, bytes, fileSet, opts, ctx) {
  const parsed = parseSkill(source, bytes, ctx);
  const diagnostics = [...parsed.diagnostics];
  if (parsed.frontmatter === void 0) return { parsed, skill: void 0, diagnostics };
  const validated = validateSkill(parsed, { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema });
  diagnostics.push(...validated.diagnostics);
  const fields = validated.skill?.fields;
  diagnostics.push(
    ...checkBody({
      parsed,
      declaredArguments: fields?.arguments ?? [],
      hasArgumentHint: fields?.argumentHint !== void 0,
      files: fileSet,
      ctx
    })
  );
  return { parsed, skill: validated.skill, diagnostics };
}
function restoreParsed(source, bytes, hit) {
  const decoded = decodeSkill(bytes);
  const parsed = {
    source,
    hash: createHash5("sha256").update(bytes).digest("hex"),
    text: decoded.ok ? decoded.text : "",
    frontmatter: hit.frontmatter,
    positions: hit.positions,
    frontmatterRange: hit.frontmatterRange,
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics: []
  };
  setBody(parsed, hit.bodyOffset);
  return parsed;
}
async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(workers);
  return results;
}

// src/rules/build-rules.ts
var DUPLICATE_NAME = {
  id: "duplicate-name",
  severity: "error",
  description: "Two skills in one source root have the same name.",
  help: "A name must identify one skill within a root, or lookups would pick one silently. Rename one of them: change its frontmatter `name`, or its folder when it has no `name`. The message lists every file involved."
};
var NAME_CLASH_NORMALIZATION = {
  id: "name-clash-normalization",
  severity: "error",
  description: "Two skills in one source root have names that differ only by letter case or Unicode normalization.",
  help: "`Review` and `review`, or an `\xE9` written precomposed (NFC) and decomposed (NFD), look like one name to people and to case-insensitive file systems. Inside one root this is an error; rename one skill. Across roots such names are treated as the same name and settled by the `collisions` policy."
};
var COLLISION_OVERRIDE = {
  id: "collision-override",
  severity: "warning",
  description: "A skill overrides same-named skills from lower-precedence source roots.",
  help: 'With `collisions: "override"` the skill from the later entry of `sources` wins and the others are left out of the bundle. Rename one of them if both should be available, set `collisions: "keep"` to keep all of them (lookup by name then fails as ambiguous; lookup by path works), or turn this rule off if the override is intended.'
};
var COLLISION_ERROR = {
  id: "collision-error",
  severity: "error",
  description: 'Skills in different source roots have the same name while `collisions` is "error".',
  help: 'Every skill involved is left out of the bundle. Rename all but one, or choose `collisions: "override"` (the later source wins) or `"keep"` (all kept; lookup by name is ambiguous).'
};
var BUILD_RULES = [DUPLICATE_NAME, NAME_CLASH_NORMALIZATION, COLLISION_OVERRIDE, COLLISION_ERROR];

// src/pipeline/resolve.ts
var cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
function skillName(skill, namespaces) {
  const parents = skill.source.relDir.split("/").slice(0, -1).filter((p) => p && p !== ".");
  return namespaces && parents.length ? `${parents.join(":")}:${skill.fields.name}` : skill.fields.name;
}
function nameKey(name) {
  return name.normalize("NFC").toLowerCase().normalize("NFC");
}
function compareSources(a, b) {
  const s = a.source;
  const t2 = b.source;
  return s.root.precedence - t2.root.precedence || cmp(s.root.dir, t2.root.dir) || cmp(s.relDir, t2.relDir) || cmp(s.file, t2.file);
}
function groupBy(items, key2) {
  const groups = /* @__PURE__ */ new Map();
  for (const item2 of items) {
    const k = key2(item2);
    const g = groups.get(k);
    if (g) g.push(item2);
    else groups.set(k, [item2]);
  }
  return [...groups.values()];
}
var quote = (s) => JSON.stringify(s);
var list = (paths) => paths.join(", ");
function resolveSkills(skills, opts) {
  const diagnostics = [];
  const report3 = (skill, rule4, message) => {
    const pos = skill.positions["/name"];
    const range = pos ? pos.key ?? pos.value : { line: 1, column: 1 };
    const d = diagnose({ file: skill.source.file, profile: opts.profile, settings: opts.settings }, rule4, range, message);
    if (d) diagnostics.push(d);
  };
  const all = skills.map((s) => ({ ...s, name: skillName(s, opts.namespaces) })).sort(compareSources);
  const survivors = [];
  for (const group of groupBy(all, (s) => `${s.source.root.precedence}\0${s.source.root.dir}\0${nameKey(s.name)}`)) {
    survivors.push(group[0]);
    if (group.length < 2) continue;
    const paths = group.map((s) => s.source.file);
    const root = group[0].source.root.dir;
    const exact = group.every((s) => s.name === group[0].name);
    for (const s of group) {
      const others = list(paths.filter((p) => p !== s.source.file));
      if (exact) {
        report3(s, DUPLICATE_NAME, `The name ${quote(s.name)} is also used by ${others} in source root ${quote(root)}. Names must be unique within a root: rename one skill (its frontmatter \`name\`, or its folder when it has none).`);
      } else {
        const names = [...new Set(group.map((g) => quote(g.name)))].join(", ");
        report3(s, NAME_CLASH_NORMALIZATION, `The name ${quote(s.name)} clashes with ${others} in source root ${quote(root)}: the names ${names} differ only by letter case or Unicode normalization. Rename one skill so the names are distinct.`);
      }
    }
  }
  const kept = [];
  const collisions = [];
  for (const group of groupBy(survivors, (s) => nameKey(s.name))) {
    if (group.length < 2) {
      kept.push(group[0]);
      continue;
    }
    const paths = group.map((s) => s.source.file);
    const winner = group[group.length - 1];
    const spelled = new Set(group.map((s) => s.name)).size > 1 ? ` (the names ${[...new Set(group.map((s) => quote(s.name)))].join(", ")} differ only by letter case or Unicode normalization)` : "";
    const collision = { name: winner.name, policy: opts.collisions, paths };
    if (opts.collisions === "override") {
      collision.winner = winner.source.file;
      kept.push(winner);
      const shadowed = list(paths.slice(0, -1));
      report3(winner, COLLISION_OVERRIDE, `The skill ${quote(winner.name)} at ${winner.source.file} (scope ${quote(winner.source.root.scope)}) overrides the same-named skills of lower-precedence roots${spelled}, which are left out of the bundle: ${shadowed}. Rename one if both should be available, or set \`collisions: "keep"\`.`);
    } else if (opts.collisions === "error") {
      for (const s of group) {
        const others = list(paths.filter((p) => p !== s.source.file));
        report3(s, COLLISION_ERROR, `The name ${quote(s.name)} is also used by ${others} in another source root${spelled}, and \`collisions\` is "error": all of them are left out. Rename all but one, or set \`collisions\` to "override" or "keep".`);
      }
    } else {
      kept.push(...group);
    }
    collisions.push(collision);
  }
  kept.sort((a, b) => cmp(a.name, b.name) || cmp(a.source.file, b.source.file));
  collisions.sort((a, b) => cmp(a.name, b.name) || cmp(a.paths[0], b.paths[0]));
  diagnostics.sort(compareDiagnostics);
  return { skills: kept, collisions, diagnostics };
}

// src/lint.ts
function configRoots(cwd, config2) {
  return config2.sources.map((s, i) => ({
    dir: toPosix(path7.relative(cwd, path7.resolve(config2.root, s.dir))) || ".",
    scope: s.scope,
    precedence: i
  }));
}
async function lint(opts) {
  const { cwd, config: config2 } = opts;
  const profile = opts.profile ?? config2.profile;
  const settings = { ...config2.rules, ...opts.rules };
  const discoverOpts = { cwd, ...config2.discovery, settings, profile };
  const diagnostics = [];
  let roots;
  let only;
  if (opts.paths && opts.paths.length > 0) {
    const targets = await resolveTargets(opts.paths, discoverOpts);
    roots = targets.roots;
    only = targets.only;
    diagnostics.push(...targets.diagnostics);
  } else {
    roots = configRoots(cwd, config2);
  }
  const found = await discover(roots, discoverOpts);
  diagnostics.push(...found.diagnostics);
  const sources = only ? found.sources.filter((s) => only.has(s.dir)) : found.sources;
  const analyzeOptions = { profile, settings, extraSchema: config2.schema, files: config2.files, readFiles: false };
  const cache = opts.cache === false ? void 0 : await AnalysisCache.open(config2.root, analysisKey(analyzeOptions));
  const analyses = await mapLimit(
    sources,
    16,
    (source) => analyzeSkill(source, { ...analyzeOptions, cache })
  );
  await cache?.save();
  for (const a of analyses) diagnostics.push(...a.diagnostics);
  const valid = analyses.flatMap((a) => a.skill ? [a.skill] : []);
  const resolved = resolveSkills(valid, { collisions: config2.collisions, namespaces: config2.namespaces, settings, profile });
  diagnostics.push(...resolved.diagnostics);
  return { results: groupByFile(sources.map((s) => s.file), diagnostics), skills: sources.length, analyses };
}
function groupByFile(files, diagnostics) {
  const byFile = new Map(files.map((f) => [f, []]));
  for (const d of diagnostics) {
    const list2 = byFile.get(d.file);
    if (list2) list2.push(d);
    else byFile.set(d.file, [d]);
  }
  return [...byFile.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([file, list2]) => ({ file, diagnostics: list2.sort(compareDiagnostics) }));
}

// src/build.ts
import { createHash as createHash6 } from "node:crypto";
import path10 from "node:path";

// src/pipeline/template.ts
var NAME2 = /^[A-Za-z_][\w-]*$/;
var escapeRe3 = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function placeholderPattern2(names) {
  const named = names.filter((n2) => NAME2.test(n2)).sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeRe3);
  const namedAlt = named.length ? `(${named.join("|")})(?![\\w])|` : "()(?!)|";
  return new RegExp(`(\\\\?)\\$(?:${namedAlt}ARGUMENTS\\[(\\d+)\\]|(\\d+)(?!\\w)|(\\{CLAUDE_SKILL_DIR\\})|ARGUMENTS)`, "g");
}
function compileTemplate(body, opts) {
  const oneBased = opts.dialect === "opencode";
  const names = opts.argumentNames;
  const parts = [];
  const numbered = [];
  let literal = "";
  let last = 0;
  for (const m of body.matchAll(placeholderPattern2(names))) {
    const [text, backslash, name, indexed, positional, skillDir] = m;
    const digits = indexed ?? positional;
    let ph;
    if (name) ph = [2, names.indexOf(name), text.slice(backslash.length)];
    else if (skillDir) ph = [3, 0, text.slice(backslash.length)];
    else if (digits === void 0) ph = [0, 0, text.slice(backslash.length)];
    else {
      const n2 = Number(digits) - (oneBased ? 1 : 0);
      if (n2 >= 0) ph = [1, n2, text.slice(backslash.length)];
    }
    literal += body.slice(last, m.index);
    last = m.index + text.length;
    if (!ph) literal += text;
    else if (backslash) literal += ph[2];
    else {
      if (literal) parts.push(literal);
      literal = "";
      parts.push(ph);
      if (positional !== void 0) numbered.push(ph);
    }
  }
  literal += body.slice(last);
  if (literal) parts.push(literal);
  if (oneBased && numbered.length) {
    const top = Math.max(...numbered.map((p) => p[1]));
    for (const p of numbered) if (p[1] === top) p[3] = 1;
  }
  return parts;
}

// src/rules/core-rules.ts
var CORE_RULES = [
  {
    id: "catalog-shortened",
    severity: "warning",
    description: "The catalog budget forced a skill's description to be shortened.",
    help: "Every skill stays listed, but its description was cut at a word boundary to fit the budget. Raise `catalog.budget` or shorten descriptions (put detail in the body)."
  },
  {
    id: "catalog-dropped",
    severity: "warning",
    description: "The catalog budget could not fit even the skill's name, so the skill was left out of the catalog.",
    help: "The catalog says how many skills are missing and points the model at the search tool. Raise `catalog.budget`, or split skills across agents."
  }
];

// src/emit/rules.ts
var BUNDLE_TOO_LARGE = {
  id: "bundle-too-large",
  severity: "warning",
  description: "The emitted index.js is larger than `maxBundleBytes`.",
  help: "Importing a large bundle costs start-up time and memory, and edge platforms cap bundle sizes (a few MB to tens of MB). Leave large assets out with `files.exclude`, lower `files.maxBytes`, split the skills into several builds, or raise `maxBundleBytes` if the size is expected."
};
var EMIT_RULES = [BUNDLE_TOO_LARGE];

// src/rules/toolset-rules.ts
var TOOLSET_NOT_FOUND = {
  id: "toolset-not-found",
  severity: "error",
  description: "A `toolsets` entry names a module file that does not exist in the skill folder.",
  help: 'Each entry is `"path:ExportName"`, the path relative to the skill folder, with or without its extension (.ts, .mts, .js, .mjs are tried, then `index.*` inside a folder). Fix the path or add the file.'
};
var TOOLSET_EXPORT_MISSING = {
  id: "toolset-export-missing",
  severity: "error",
  description: "A toolset module does not export the name its `toolsets` entry gives.",
  help: "Export the toolset under that name (`export const HelloToolset = [...]`) or fix the name after the colon."
};
var TOOLSET_PATH_ESCAPE = {
  id: "toolset-path-escape",
  severity: "error",
  description: "A `toolsets` entry points outside the skill folder (`..`, an absolute path, or a symlink leading out).",
  help: "A skill is self-contained: keep its toolset modules inside its folder (e.g. `toolsets/index.ts`)."
};
var TOOLSET_UNRESOLVED_IMPORT = {
  id: "toolset-unresolved-import",
  severity: "error",
  description: "A toolset imports something the bundle cannot include: a missing module, a package that is not installed, or a Node.js built-in.",
  help: "Toolsets are bundled into index.js, which imports nothing and runs on Workers, Deno, Bun, browsers and Node. Relative imports and installed packages are bundled; `node:*` built-ins (fs, path, child_process\u2026) and unresolvable imports are not allowed. Use web-standard APIs (fetch, crypto.subtle, TextEncoder) or plain code instead."
};
var TOOLSET_BUILD_FAILED = {
  id: "toolset-build-failed",
  severity: "error",
  description: "A toolset module failed to compile, or threw (or ran too long) when evaluated at build time.",
  help: "skillc bundles each toolset with esbuild and evaluates it once at build time to read its tools. Fix the syntax or type-stripping error shown, and keep the module's top level free of side effects that need a host (no I/O, no timers)."
};
var TOOLSET_INVALID = {
  id: "toolset-invalid",
  severity: "error",
  description: "A toolset export is not an array of tools `{ name, description, parameters, execute }`.",
  help: 'A toolset is an array of plain objects: `name` (1\u201364 of A\u2013Z a\u2013z 0\u20139 _ -), `description` (a string), `parameters` (a JSON Schema with `type: "object"`) and `execute(input)` (a function, may be async).'
};
var TOOLSET_NAME_CLASH = {
  id: "toolset-name-clash",
  severity: "error",
  description: "A toolset tool's name is used twice in the bundle, or is a built-in tool name.",
  help: "`skills.call(name)` finds a tool by its name, so names must be unique across every skill in the build, and must not be a built-in tool (load_skill, search_skills, read_skill_file, or their aliases skill, use_skill, skill_load, skill_search). Rename one tool, e.g. with a prefix naming its skill."
};
var SCRIPT_NOT_FOUND = {
  id: "script-not-found",
  severity: "warning",
  description: "A `scripts` entry names a file the skill does not ship.",
  help: "`scripts` lists files of the skill (relative to its folder) that the agent may run; skillc serves and describes them, never runs them. Fix the path, add the file, or check that `files.exclude` does not leave it out."
};
var TOOLSET_RULES = [
  TOOLSET_NOT_FOUND,
  TOOLSET_EXPORT_MISSING,
  TOOLSET_PATH_ESCAPE,
  TOOLSET_UNRESOLVED_IMPORT,
  TOOLSET_BUILD_FAILED,
  TOOLSET_INVALID,
  TOOLSET_NAME_CLASH,
  SCRIPT_NOT_FOUND
];

// src/diagnostics/registry.ts
var RULES2 = new Map(
  [...CORE_RULES, ...PARSE_RULES, ...FRONTMATTER_RULES, ...BODY_RULES, ...DISCOVERY_RULES, ...BUILD_RULES, ...EMIT_RULES, ...TOOLSET_RULES].map((r) => [r.id, r])
);
function getRule(id) {
  const rule4 = RULES2.get(id);
  if (!rule4) throw new Error(`unknown rule id "${id}"`);
  return rule4;
}

// src/emit/runtime-code.ts
import { readFile as readFile3 } from "node:fs/promises";
import { existsSync as existsSync3 } from "node:fs";
import { fileURLToPath as fileURLToPath3 } from "node:url";
var RUNTIME_GLOBAL = "__skillc";
var memo;
function runtimeCode() {
  memo ??= loadRuntime().catch((err) => {
    memo = void 0;
    throw err;
  });
  return memo;
}
async function loadRuntime() {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) {
    for (const rel of ["./runtime.js", "../runtime.js"]) {
      const url = new URL(rel, here);
      if (existsSync3(url)) return withNewline(await readFile3(url, "utf8"));
    }
    throw new Error(`skillc: the runtime bundle (runtime.js) is missing next to ${fileURLToPath3(here)}; reinstall or run "npm run build"`);
  }
  const { build: build2 } = await import("esbuild");
  const result = await build2({
    entryPoints: [fileURLToPath3(new URL("../runtime/index.ts", here))],
    bundle: true,
    minify: true,
    format: "iife",
    globalName: RUNTIME_GLOBAL,
    platform: "neutral",
    target: "es2020",
    write: false,
    logLevel: "silent"
  });
  return withNewline(result.outputFiles[0].text);
}
function withNewline(code) {
  return code.endsWith("\n") ? code : code + "\n";
}

// src/toolsets/helper.ts
var TOOLSET_GLOBAL = "__skillcToolsets";
var TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
var SOURCE = `var ${TOOLSET_GLOBAL} = (() => {
  const SE = ${RUNTIME_GLOBAL}.SkillError;
  const msg = (e) => (e instanceof Error ? e.message : String(e));
  const text = (t, s, e) => ({ content: [{ type: "text", text: t }], ...(s && { structuredContent: s }), ...(e && { isError: e }) });
  const isObj = (v) => !!v && typeof v === "object" && !Array.isArray(v);
  const check = (t) =>
    !isObj(t) ? "must be an object"
    : typeof t.name !== "string" || !${TOOL_NAME}.test(t.name) ? "needs a name of 1-64 letters, digits, _ or -"
    : typeof t.description !== "string" ? "needs a string description"
    : !isObj(t.parameters) || t.parameters.type !== "object" ? 'needs parameters: a JSON Schema with type "object"'
    : typeof t.execute !== "function" ? "needs an execute function"
    : "";
  return {
    load: (skill, f) => {
      let r;
      return () => {
        if (!r) {
          try {
            const out = [];
            for (const [entry, v] of f()) {
              if (!Array.isArray(v)) throw new Error(\`"\${entry}" is \${v === null ? "null" : typeof v}, not an array of tools\`);
              v.forEach((t, i) => {
                const w = check(t);
                if (w) throw new Error(\`tool \${i}\${isObj(t) && typeof t.name === "string" ? \` ("\${t.name}")\` : ""} of "\${entry}" \${w}\`);
                out.push(t);
              });
            }
            r = [1, out];
          } catch (e) {
            r = [0, e instanceof SE ? e : new SE("EXECUTION_ERROR", \`The toolsets of skill "\${skill}" failed: \${msg(e)}\`)];
          }
        }
        if (r[0]) return r[1];
        throw r[1];
      };
    },
    run: async (get, input) => {
      try {
        let i = input ?? {};
        if (typeof i === "string") {
          try {
            i = JSON.parse(i);
          } catch {
            i = null;
          }
        }
        if (!isObj(i)) return text("Tool input must be a JSON object.", { code: "INVALID_PARAM" }, true);
        const t = get();
        if (!t) throw new SE("NOT_FOUND", "This tool is not in its skill's toolsets any more.");
        const v = await t.execute(i);
        return typeof v === "string" ? text(v)
          : isObj(v) && Array.isArray(v.content) ? v
          : text(v === undefined ? "" : JSON.stringify(v), isObj(v) ? v : undefined);
      } catch (e) {
        const se = e instanceof SE;
        return text(se ? e.message : \`Skill tool failed: \${msg(e)}\`, { code: se ? e.code : "EXECUTION_ERROR" }, true);
      }
    },
  };
})();`;
var memo2;
function toolsetHelper() {
  memo2 ??= (async () => {
    const { transform } = await import("esbuild");
    const r = await transform(SOURCE, { minify: true, target: "es2020", charset: "ascii", supported: { "template-literal": false } });
    return r.code.trim();
  })().catch((err) => {
    memo2 = void 0;
    throw err;
  });
  return memo2;
}

// src/emit/literal.ts
var LINE_SEPARATORS = /[\u2028\u2029]/g;
function str2(value) {
  return JSON.stringify(value).replace(LINE_SEPARATORS, (c) => c === "\u2028" ? "\\u2028" : "\\u2029");
}
function lit(value) {
  if (typeof value === "string") return str2(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return "[" + value.map((v) => v === void 0 ? "null" : lit(v)).join(",") + "]";
  if (typeof value === "object") return objectLit(Object.entries(value));
  throw new TypeError(`cannot write a ${typeof value} as a literal`);
}
function objectLit(entries, raw = []) {
  const parts = [];
  for (const [k, v] of entries) if (v !== void 0) parts.push(key(k) + ":" + lit(v));
  for (const [k, code] of raw) parts.push(key(k) + ":" + code);
  return "{" + parts.join(",") + "}";
}
function key(k) {
  return k === "__proto__" ? "[" + str2(k) + "]" : str2(k);
}

// src/emit/bundle.ts
var SKILLS_START = `const __skillcData={"version":1,"options":`;
var SKILLS_END = "]};";
function banner(version) {
  return `// Generated by skillc ${version}. Do not edit.
`;
}
function bundleOptions(config2) {
  return {
    dialect: config2.dialect,
    loadFormat: config2.loadFormat,
    catalog: { format: config2.catalog.format, budget: config2.catalog.budgetChars },
    permissions: { allow: [...config2.permissions.allow], deny: [...config2.permissions.deny] }
  };
}
function serializeSkill(skill) {
  const f = skill.fields;
  const meta = [
    ["name", skill.name],
    ["path", skill.source.file],
    ["dir", skill.source.dir],
    ["scope", skill.source.root.scope],
    ["rank", skill.source.root.precedence],
    ["description", f.description],
    ["brief", f.briefDescription],
    ["hidden", f.disableModelInvocation],
    ["userInvocable", f.userInvocable],
    ["context", f.context],
    ["agent", f.agent],
    ["argumentHint", f.argumentHint],
    ["args", f.arguments],
    ["triggers", f.triggers && { keywords: f.triggers.keywords, verbs: f.triggers.verbs, patterns: f.triggers.patterns }],
    ["hash", skill.contentHash],
    ["files", skill.files.map((file) => ({ path: file.path, bytes: file.bytes, binary: file.binary, executable: file.executable }))],
    ["toolNames", skill.toolsets?.tools]
  ];
  const raw = [["payload", "()=>(" + payloadLiteral(skill) + ")"]];
  if (skill.toolsets) raw.push(["toolsets", toolsetsLiteral(skill.name, skill.toolsets.entries)]);
  return objectLit(meta, raw);
}
function toolsetsLiteral(name, entries) {
  const pairs = entries.map((e) => `[${str2(e.entry)},(()=>{${e.body}})()]`);
  return `${TOOLSET_GLOBAL}.load(${str2(name)},()=>[${pairs.join(",")}])`;
}
function payloadLiteral(skill) {
  const files = skill.files.map((file) => [
    file.path,
    typeof file.content === "string" ? str2(file.content) : `{"b64":${str2(Buffer.from(file.content).toString("base64"))}}`
  ]);
  return objectLit([["template", skill.template]], [["files", objectLit([], files)]]);
}
function renderBundle(runtime, version, options, skills, toolsetHelper2) {
  const tools = skills.some((s) => s.toolsets);
  if (tools && !toolsetHelper2) throw new Error("skillc: renderBundle needs the toolset helper for skills with toolsets");
  const lines = [banner(version) + runtime + (tools ? toolsetHelper2 + "\n" : "") + SKILLS_START + lit(options) + (tools ? `,"runTool":${TOOLSET_GLOBAL}.run` : "") + `,"skills":[`];
  for (const skill of skills) lines.push(serializeSkill(skill) + ",");
  lines.push(
    SKILLS_END,
    `export const skills=${RUNTIME_GLOBAL}.createSkills(__skillcData);`,
    `export const SkillError=${RUNTIME_GLOBAL}.SkillError;`,
    `export const createSkills=${RUNTIME_GLOBAL}.createSkills;`,
    "export default skills;",
    ""
  );
  return lines.join("\n");
}

// src/runtime/xml.ts
var ENT = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
var esc = (s) => s.replace(/[&<>"']/g, (c) => ENT[c]);
var order = (a, b) => a < b ? -1 : a > b ? 1 : 0;

// src/runtime/catalog.ts
function cut(s, c) {
  if (s.length <= c) return s;
  let t2 = s.slice(0, c - 1);
  const i = t2.lastIndexOf(" ");
  if (i > 0 && s[c - 1] !== " ") t2 = t2.slice(0, i);
  t2 = t2.replace(/[\s,;:]+$|[\ud800-\udbff]$/, "");
  return t2 && c > 1 ? t2 + "\u2026" : "";
}
var item = (e, d, f) => f === "xml" ? `<skill>
<name>
${esc(e.name)}
</name>
<description>
${esc(d)}
</description>
<location>
${esc(e.location)}
</location>
</skill>` : f === "json" ? JSON.stringify({ name: e.name, description: d, location: e.location, scope: e.scope }) : `- ${e.name}${d ? ": " + d : ""}`;
function wrap(items, n2, f) {
  const note = n2 ? `${n2} more skill${n2 > 1 ? "s are" : " is"} not listed here: use the search_skills tool to find ${n2 > 1 ? "them" : "it"}.` : "";
  if (f === "json") return `[
${(note ? [...items, JSON.stringify({ omitted: n2, note })] : items).join(",\n")}
]`;
  const lines = f === "xml" ? ["<available_skills>", ...items, "</available_skills>"] : [...items];
  if (note) lines.push(note);
  return lines.join("\n");
}
var byName = (a, b) => order(a.name, b.name) || order(a.location, b.location);
function renderCatalog(entries, opts) {
  const f = opts.format, budget = opts.budget ?? Infinity;
  const all = entries.map((e) => ({ ...e, description: String(e.description ?? "").replace(/\s+/g, " ").trim() })).sort(byName);
  if (!all.length) return { text: "", shortened: [], dropped: [] };
  const render = (list2, c2, n2) => wrap(list2.map((e) => item(e, cut(e.description, c2), f)), n2, f);
  const order2 = [...all].sort((a, b) => a.rank - b.rank || -byName(a, b));
  const keep = (k2) => {
    const gone = new Set(order2.slice(0, k2));
    return all.filter((e) => !gone.has(e));
  };
  const fits = (k2, c2) => render(keep(k2), c2, k2).length <= budget;
  let lo = 0, hi = fits(0, 0) ? 0 : all.length;
  while (lo < hi) {
    const m = lo + hi >> 1;
    fits(m, 0) ? hi = m : lo = m + 1;
  }
  const k = lo, kept = keep(k);
  let c = 0, top = kept.reduce((m, e) => Math.max(m, e.description.length), 0);
  while (c < top) {
    const m = c + top + 1 >> 1;
    fits(k, m) ? c = m : top = m - 1;
  }
  return {
    text: render(kept, c, k),
    shortened: kept.filter((e) => e.description.length > c).map((e) => e.name),
    dropped: order2.slice(0, k).map((e) => e.name)
  };
}

// src/emit/catalog.ts
var CATALOG_FILES = [
  ["catalog.json", "json"],
  ["catalog.md", "markdown"],
  ["catalog.xml", "xml"]
];
function renderCatalogs(skills, opts) {
  const entries = skills.filter((s) => !s.fields.disableModelInvocation && permitted(s.name, opts.permissions)).map((s) => ({ name: s.name, description: s.fields.description, location: s.source.file, scope: s.source.root.scope, rank: s.source.root.precedence }));
  const out = { files: [], shortened: [], dropped: [] };
  for (const [file, format] of CATALOG_FILES) {
    const r = renderCatalog(entries, { format, budget: opts.budget });
    out.files.push([file, r.text]);
    if (format === opts.format) {
      out.shortened = [...r.shortened];
      out.dropped = [...r.dropped];
    }
  }
  return out;
}
function permitted(name, perms) {
  const hit = (glob) => new RegExp("^" + glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*") + "$").test(name);
  if (perms.deny.some(hit)) return false;
  return perms.allow.length === 0 || perms.allow.some(hit);
}

// src/emit/dts.ts
function renderDts(version, skills) {
  const names = unique(skills.map((s) => s.name));
  const paths = unique(skills.map((s) => s.source.file));
  const dirs = unique(skills.map((s) => s.source.dir));
  const scoped = unique(skills.map((s) => `${s.source.root.scope}:${s.name}`).filter((n2) => !names.includes(n2)));
  const out = [`// Generated by skillc ${version}. Do not edit.`, ""];
  out.push(`/** Every skill name in this bundle. */`, `export type SkillName = ${union(names)};`);
  out.push(`/** Every SKILL.md path in this bundle (relative to where the build ran): a path always finds one skill. */`, `export type SkillPath = ${union(paths)};`);
  out.push(`/** Every skill's base directory. */`, `export type SkillDir = ${union(dirs)};`);
  out.push(`/** \`scope:name\`: picks one of same-named skills kept from several sources. */`, `export type SkillScopedName = ${union(scoped)};`);
  out.push(`/** What \`load\`, \`get\`, \`file\` accept. */`, `export type SkillRef = SkillName | SkillPath | SkillDir | SkillScopedName;`);
  out.push(`/** Every toolset tool's name: \`call\` returns a Promise for these. */`, `export type ToolsetToolName = ${union(unique(skills.flatMap((s) => s.toolsets?.tools ?? [])))};`, "");
  out.push(...argsInterfaces(skills), "", ...filesInterface(skills), "", API);
  return out.join("\n");
}
function refs(s) {
  return [s.name, s.source.file, s.source.dir, `${s.source.root.scope}:${s.name}`];
}
function argsInterfaces(skills) {
  const names = /* @__PURE__ */ new Map();
  for (const s of skills) {
    if (s.fields.arguments.length === 0) continue;
    for (const key2 of refs(s)) if (!names.has(key2)) names.set(key2, s.fields.arguments);
  }
  for (const s of skills) {
    for (const key2 of refs(s)) if (names.has(key2) && names.get(key2).join("\0") !== s.fields.arguments.join("\0")) names.delete(key2);
  }
  const keys = [...names.keys()].sort(compare);
  const args = keys.map((k) => `  ${str2(k)}: readonly [${names.get(k).map(str2).join(", ")}];`);
  const argv = keys.map((k) => `  ${str2(k)}: [${names.get(k).map((a, i) => `${label(a, i)}?: string`).join(", ")}, ...rest: string[]];`);
  return [
    `/** Named arguments (\`arguments:\` in the frontmatter), in positional order. */`,
    `export interface SkillArgs {`,
    ...args,
    `}`,
    `/** The argument list \`load\` takes for a skill that declares named arguments. */`,
    `export interface SkillArgv {`,
    ...argv,
    `}`
  ];
}
function filesInterface(skills) {
  const byKey = /* @__PURE__ */ new Map();
  for (const s of skills) {
    for (const key2 of refs(s)) {
      const files = byKey.get(key2) ?? /* @__PURE__ */ new Map();
      byKey.set(key2, files);
      for (const f of s.files) {
        const types = files.get(f.path) ?? /* @__PURE__ */ new Set();
        files.set(f.path, types.add(f.binary ? "Uint8Array" : "string"));
      }
    }
  }
  const shapes = /* @__PURE__ */ new Map();
  const entries = [];
  for (const key2 of [...byKey.keys()].sort(compare)) {
    const files = byKey.get(key2);
    if (files.size === 0) continue;
    const shape = `{ ${[...files.keys()].sort(compare).map((p) => `${str2(p)}: ${[...files.get(p)].sort().join(" | ")}`).join("; ")} }`;
    if (!shapes.has(shape)) shapes.set(shape, `_Files${shapes.size}`);
    entries.push(`  ${str2(key2)}: ${shapes.get(shape)};`);
  }
  return [
    ...[...shapes].map(([shape, alias]) => `type ${alias} = ${shape};`),
    `/** Supporting files (SKILL.md excluded) by skill, with what \`file()\` returns for each. Skills without files are absent. */`,
    `export interface SkillFiles {`,
    ...entries,
    `}`
  ];
}
function label(name, i) {
  const id = name.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[A-Za-z_$]/.test(id) && !RESERVED2.has(id) ? id : `arg${i}_${id}`;
}
var RESERVED2 = /* @__PURE__ */ new Set(["rest"]);
function unique(values) {
  return [...new Set(values)].sort(compare);
}
function union(values) {
  return values.length ? values.map(str2).join(" | ") : "never";
}
function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
var API = `type ArgvOf<R> = R extends keyof SkillArgv ? SkillArgv[R] : string[];
type FilePathOf<R> = R extends keyof SkillFiles ? keyof SkillFiles[R] & string : never;
type FileOf<R, P> = R extends keyof SkillFiles ? (P extends keyof SkillFiles[R] ? SkillFiles[R][P] : never) : never;
/** A literal \`/name args\` must name a skill of this bundle; any non-literal \`string\` is accepted. */
type CommandOf<C extends string> = string extends C
  ? C
  : C extends \`/\${infer N} \${string}\`
    ? N extends SkillName | SkillScopedName ? C : never
    : C extends \`/\${infer N}\`
      ? N extends SkillName | SkillScopedName ? C : never
      : C;

export type SkillErrorCode = "INVALID_PARAM" | "NOT_FOUND" | "AMBIGUOUS" | "PERMISSION_DENIED" | "NOT_INVOCABLE" | "EXECUTION_ERROR";
export type CatalogFormat = "xml" | "markdown" | "json";
export type LoadFormat = "plain" | "skill_context";
export type ToolFormat = "openai" | "anthropic" | "mcp";
/** Which toolset tools \`tools()\` adds: of skills loaded in this session, or of every visible skill too. */
export type ToolInclude = "loaded" | "all";
/** The built-in tools and the aliases \`call\` accepts for them: \`call\` answers these synchronously. */
export type BuiltinToolName = "load_skill" | "search_skills" | "read_skill_file" | "skill" | "use_skill" | "skill_load" | "skill_search";
/** Progressive disclosure tiers. */
export type DisclosureTier = "none" | "breadcrumb" | "registry" | "full";

export declare class SkillError extends Error {
  readonly code: SkillErrorCode;
  /** AMBIGUOUS: the candidate SKILL.md paths (load one of them by path). */
  readonly candidates?: string[];
  constructor(code: SkillErrorCode, message: string, candidates?: string[]);
}

export interface SkillFileInfo {
  /** Relative to the skill's base directory. */
  path: string;
  bytes: number;
  binary: boolean;
  executable: boolean;
}

export interface SkillMeta {
  name: SkillName;
  path: SkillPath;
  dir: SkillDir;
  scope: string;
  description: string;
  brief: string;
  userInvocable: boolean;
  hidden: boolean;
  context?: "fork";
  agent?: string;
  argumentHint?: string;
  args: string[];
  files: SkillFileInfo[];
}

export interface LoadResult {
  name: SkillName;
  path: SkillPath;
  baseDir: SkillDir;
  /** The expanded body. */
  content: string;
  /** What a tool returns to the model: base directory, body, supporting files (or a reminder, in a session). */
  text: string;
  files: SkillFileInfo[];
  /** \`context: fork\` skills: hand \`task\` (the expanded body) to a subagent of type \`agent\`. */
  context?: "fork";
  agent?: string;
  task?: string;
  /** Set in a session when \`text\` is a reminder because this exact load was already returned. */
  repeated?: true;
}

export interface SearchHit {
  skill: SkillMeta;
  score: number;
  reason: string;
}
export type SearchResult = SearchHit;
export type MatchResult = SearchHit;

export type JsonSchema = { type: "object"; properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
export type OpenAITool = { type: "function"; function: { name: string; description: string; parameters: JsonSchema } };
export type AnthropicTool = { name: string; description: string; input_schema: JsonSchema };
export type McpTool = { name: string; description: string; inputSchema: JsonSchema };

/** MCP's tool result shape; failures are results with \`isError: true\`. */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** One tool of a skill's toolset (the plain object its module exports). */
export interface SkillTool {
  name: ToolsetToolName;
  description: string;
  /** JSON Schema of the input (\`type: "object"\`). */
  parameters: Record<string, unknown>;
  /** May be async. A string is the text result; \`{ content }\` passes through; other values become JSON text. */
  execute(input: any): unknown;
}

export interface SkillsOptions {
  /** Skill names (a \`*\` matches anything) that may be used; empty or absent: all. Replaces the build's list. */
  allow?: string[];
  /** Skill names never used; added to the build's list. Deny wins over allow. */
  deny?: string[];
  /** How \`load().text\` is framed. @default the build's \`loadFormat\` */
  loadFormat?: LoadFormat;
}

export interface Skills {
  /** Skills the model may see (not hidden, permitted), sorted by name. */
  list(): SkillMeta[];
  /** Undefined when denied. Throws AMBIGUOUS. */
  get(nameOrPath: SkillRef): SkillMeta | undefined;
  /** The skill expanded with \`args\` (raw string, or split arguments). Throws SkillError. */
  load<R extends SkillRef>(nameOrPath: R, args?: string | ArgvOf<R>): LoadResult;
  /** A supporting file: text as a string, binary as bytes. Throws SkillError. */
  file<R extends SkillRef, P extends FilePathOf<R>>(nameOrPath: R, relPath: P): FileOf<R, P>;
  /** Ranked: exact path > exact name > name prefix > word overlap. */
  search(query: string, options?: { limit?: number; scope?: string }): SearchHit[];
  /** The catalog prompt of the visible skills ("" when there are none). */
  catalog(options?: { format?: CatalogFormat; budget?: number }): string;
  /** A user's \`/name args\`: the load result, or null when the text is not a command naming a skill. */
  invoke<C extends string>(command: C & CommandOf<C>): LoadResult | null;
  /** Visible skills whose name, trigger phrase or pattern occurs in \`text\`. */
  match(text: string, options?: { max?: number }): MatchResult[];
  disclose(tier: DisclosureTier, text?: string): string;
  /**
   * The built-in tools; with \`include\`, also the toolset tools of skills loaded in this session
   * (\`"loaded"\`) or of every visible skill (\`"all"\`), evaluating their toolset code once.
   * Throws SkillError EXECUTION_ERROR when a toolset is broken.
   */
  tools(options: { format: "openai"; include?: ToolInclude }): OpenAITool[];
  tools(options: { format: "anthropic"; include?: ToolInclude }): AnthropicTool[];
  tools(options?: { format?: "mcp"; include?: ToolInclude }): McpTool[];
  tools(options?: { format?: ToolFormat; include?: ToolInclude }): (OpenAITool | AnthropicTool | McpTool)[];
  /** Runs a built-in tool (load_skill, search_skills, read_skill_file) for the model, synchronously. Never throws: failures are \`isError\` results. */
  call(toolName: BuiltinToolName, input: unknown): ToolResult;
  /** Runs a toolset tool: a Promise that never rejects; a throw inside \`execute\` (sync or async) becomes an \`isError\` result. */
  call(toolName: ToolsetToolName, input: unknown): Promise<ToolResult>;
  /** Any tool name (e.g. from the model): a ToolResult for built-in and unknown tools, a Promise for toolset tools \u2014 \`await\` it. Never throws or rejects. */
  call(toolName: string, input: unknown): ToolResult | Promise<ToolResult>;
  /** A skill's toolset tools (\`[]\` without toolsets), evaluating its toolset code once. Throws SkillError. */
  toolsets(nameOrPath: SkillRef): SkillTool[];
  /** The same API with per-conversation state: a repeated, unchanged load returns a short reminder. */
  session(): Skills;
}

export declare const skills: Skills;
export default skills;
/** Builds the API over bundle data (this module's own data is already behind \`skills\`). */
export declare function createSkills(data: unknown, options?: SkillsOptions): Skills;
`;

// src/toolsets/scripts.ts
import path8 from "node:path";
function normalize2(p) {
  const n2 = path8.posix.normalize(p.trim().replace(/\\/g, "/"));
  return n2 === "." || n2 === ".." || n2.startsWith("../") || n2.startsWith("/") ? void 0 : n2.replace(/\/$/, "");
}
function scriptsOf(skill) {
  const declared = new Set(skill.fields.scripts.map(normalize2).filter((p) => p !== void 0));
  return skill.files.filter((f) => f.path.startsWith("scripts/") || declared.has(f.path)).map((f) => ({ path: f.path, declared: declared.has(f.path), executable: f.executable, ...f.interpreter !== void 0 && { interpreter: f.interpreter } }));
}
function checkScripts(skill, ctx) {
  const files = new Set(skill.files.map((f) => f.path));
  const out = [];
  for (const [i, raw] of skill.fields.scripts.entries()) {
    const p = normalize2(raw);
    if (p !== void 0 && files.has(p)) continue;
    const at = skill.positions[`/scripts/${i}`]?.value ?? skill.positions["/scripts"]?.value ?? skill.frontmatterRange;
    const message = p === void 0 ? `Script "${raw}" is not a path inside the skill folder; list scripts relative to it (e.g. "scripts/run.sh").` : `Script "${raw}" is not among the skill's files. Fix the path, add the file, or check that files.exclude / files.maxBytes does not leave it out.`;
    const d = diagnose({ file: skill.source.file, profile: ctx.profile, settings: ctx.settings }, SCRIPT_NOT_FOUND, at, message);
    if (d) out.push(d);
  }
  return out;
}

// src/emit/manifest.ts
var MANIFEST_SCHEMA_URL = "https://unpkg.com/skillc/schema/manifest.schema.json";
function renderManifest(input) {
  const manifest = {
    $schema: MANIFEST_SCHEMA_URL,
    skillc: input.version,
    profile: input.profile,
    skills: input.skills.map(manifestSkill),
    collisions: input.collisions.map((c) => ({ name: c.name, policy: c.policy, paths: [...c.paths], winner: c.winner })),
    stats: {
      ...input.stats,
      warnings: input.diagnostics.filter((d) => d.severity === "warning").length,
      errors: input.diagnostics.filter((d) => d.severity === "error").length
    }
  };
  return JSON.stringify(sortKeys(manifest), null, 2) + "\n";
}
function manifestSkill(skill) {
  const f = skill.fields;
  return {
    name: skill.name,
    scope: skill.source.root.scope,
    path: skill.source.file,
    dir: skill.source.dir,
    description: f.description,
    frontmatter: skill.frontmatter,
    fields: f,
    arguments: { names: f.arguments, hint: f.argumentHint },
    visibility: { modelInvocable: !f.disableModelInvocation, userInvocable: f.userInvocable },
    contentHash: skill.contentHash,
    files: skill.files.map((file) => ({
      path: file.path,
      bytes: file.bytes,
      sha256: file.sha256,
      binary: file.binary,
      executable: file.executable,
      interpreter: file.interpreter
    })),
    // Files under scripts/ and those `scripts:` names: described, never run.
    scripts: scriptsOf(skill),
    // Compiled toolsets: which module and export each entry resolved to, and its tools.
    toolsets: skill.toolsets?.entries.map((e) => ({ entry: e.entry, file: e.file, export: e.exportName, tools: e.tools }))
  };
}
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  const entries = [];
  for (const k of keys) {
    const v = value[k];
    if (v !== void 0) entries.push([k, sortKeys(v)]);
  }
  return Object.fromEntries(entries);
}

// src/emit/write.ts
import { mkdir as mkdir2, open, readFile as readFile4, readdir, rename as rename2, rm, stat } from "node:fs/promises";
import { basename, dirname as dirname3, join as join3 } from "node:path";
import { randomBytes } from "node:crypto";
var LAST = "index.js";
var STALE_MS = 60 * 60 * 1e3;
async function writeOutDir(outDir, files) {
  const names = [...files.keys()].sort((a, b) => a === LAST ? 1 : b === LAST ? -1 : a < b ? -1 : a > b ? 1 : 0);
  for (const name of names) checkName2(name);
  await mkdir2(outDir, { recursive: true });
  await removeStaleTempDirs(outDir);
  const written = [];
  const unchanged = [];
  const changed = [];
  for (const name of names) {
    const bytes = toBytes(name, files.get(name));
    if (await sameBytes(join3(outDir, name), bytes)) unchanged.push(name);
    else changed.push([name, bytes]);
  }
  if (changed.length === 0) return { written, unchanged };
  const tmp = `${outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  await mkdir2(tmp);
  try {
    for (const [name, bytes] of changed) {
      await mkdir2(dirname3(join3(tmp, name)), { recursive: true });
      await writeDurably(join3(tmp, name), bytes);
    }
    for (const [name] of changed) {
      await mkdir2(dirname3(join3(outDir, name)), { recursive: true });
      await renameRetrying(join3(tmp, name), join3(outDir, name));
      written.push(name);
    }
    await syncDir(outDir);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { written, unchanged };
}
function checkName2(name) {
  const parts = name.split("/");
  if (!name || name.startsWith("/") || name.includes("\\") || parts.some((p) => p === "" || p === "." || p === "..")) {
    throw new Error(`skillc: refusing to write "${name}": output names must be relative posix paths inside outDir`);
  }
}
function toBytes(name, content) {
  if (typeof content === "string") return Buffer.from(content, "utf8");
  if (content instanceof Uint8Array) return content;
  throw new TypeError(`skillc: the content of "${name}" is neither a string nor bytes`);
}
async function sameBytes(file, bytes) {
  try {
    const st = await stat(file);
    if (!st.isFile() || st.size !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(await readFile4(file));
  } catch {
    return false;
  }
}
async function writeDurably(file, bytes) {
  const fh = await open(file, "wx", 420);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
}
async function syncDir(dir2) {
  try {
    const fh = await open(dir2, "r");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
  }
}
async function renameRetrying(from, to) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename2(from, to);
    } catch (err) {
      const code = err.code;
      if (attempt >= 5 || code !== "EPERM" && code !== "EACCES" && code !== "EBUSY") throw err;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    }
  }
}
async function removeStaleTempDirs(outDir) {
  const parent = dirname3(outDir);
  const prefix = basename(outDir) + ".tmp-";
  let entries;
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue;
    const m = /^(\d+)-[0-9a-f]+$/.exec(entry.slice(prefix.length));
    if (!m) continue;
    const path11 = join3(parent, entry);
    const pid = Number(m[1]);
    let stale = pid !== process.pid && !alive(pid);
    if (!stale) {
      try {
        stale = Date.now() - (await stat(path11)).mtimeMs > STALE_MS;
      } catch {
        continue;
      }
    }
    if (stale) await rm(path11, { recursive: true, force: true });
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

// src/emit/index.ts
async function emit(input) {
  const { config: config2 } = input;
  const version = skillcVersion();
  const skills = [...input.skills].sort(bySkill);
  const collisions = [...input.collisions].sort((a, b) => compare2(a.name, b.name) || compare2(a.paths.join("\n"), b.paths.join("\n")));
  const helper = skills.some((s) => s.toolsets) ? await toolsetHelper() : void 0;
  const indexJs = renderBundle(await runtimeCode(), version, bundleOptions(config2), skills, helper);
  const bundleBytes = Buffer.byteLength(indexJs, "utf8");
  const catalogs = renderCatalogs(skills, { format: config2.catalog.format, budget: config2.catalog.budgetChars, permissions: config2.permissions });
  const files = /* @__PURE__ */ new Map();
  for (const [name, text] of catalogs.files) files.set(name, text);
  files.set("index.d.ts", renderDts(version, skills));
  files.set("index.js", indexJs);
  files.set("package.json", '{\n  "type": "module",\n  "types": "./index.d.ts"\n}\n');
  files.set(
    "manifest.json",
    renderManifest({ version, profile: config2.profile, skills, collisions, diagnostics: input.diagnostics, stats: input.stats })
  );
  const diagnostics = [];
  if (bundleBytes > config2.maxBundleBytes) {
    diagnostics.push({
      file: posixJoin(config2.outDir, "index.js"),
      line: 1,
      column: 1,
      ruleId: BUNDLE_TOO_LARGE.id,
      severity: "warning",
      message: `index.js is ${bundleBytes} bytes, over maxBundleBytes (${config2.maxBundleBytes}): importing it costs start-up time and memory, and edge platforms cap bundle sizes. Exclude large files (files.exclude, files.maxBytes), split the skills into several builds, or raise maxBundleBytes.`
    });
  }
  return { files, catalogReport: { shortened: catalogs.shortened, dropped: catalogs.dropped }, bundleBytes, diagnostics };
}
function bySkill(a, b) {
  return compare2(a.name, b.name) || compare2(a.source.file, b.source.file);
}
function compare2(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function posixJoin(dir2, file) {
  return (dir2.replace(/\\/g, "/").replace(/\/+$/, "") || ".") + "/" + file;
}

// src/toolsets/compile.ts
import fs4 from "node:fs";
import path9 from "node:path";
import vm from "node:vm";
var RESERVED_TOOL_NAMES = /* @__PURE__ */ new Set([
  "load_skill",
  "search_skills",
  "read_skill_file",
  "skill",
  "use_skill",
  "skill_load",
  "skill_search",
  "constructor",
  "__proto__"
]);
var EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];
var CODE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
var ENTRY_FILE = "<toolset entry>";
var EVAL_TIMEOUT_MS = 1e3;
async function compileToolsets(skills, ctx) {
  const toolsets = /* @__PURE__ */ new Map();
  const diagnostics = [];
  const withToolsets = skills.filter((s) => s.fields.toolsets.length > 0);
  if (withToolsets.length === 0) return { toolsets, diagnostics };
  const esbuild = await import("esbuild");
  const owners = /* @__PURE__ */ new Map();
  for (const skill of withToolsets) {
    const report3 = reporter(skill, ctx, diagnostics);
    const entries = [];
    for (const [index, spec] of skill.fields.toolsets.entries()) {
      const built = await compileEntry(esbuild, skill, spec, (rule4, message) => report3(index, rule4, message));
      if (!built) continue;
      entries.push(built);
      for (const name of built.tools) owners.set(name, [...owners.get(name) ?? [], { skill, index }]);
    }
    if (entries.length > 0) toolsets.set(skill, { entries, tools: entries.flatMap((e) => e.tools) });
  }
  for (const [name, defs] of owners) {
    const reserved = RESERVED_TOOL_NAMES.has(name.toLowerCase());
    if (!reserved && defs.length < 2) continue;
    for (const def of defs) {
      const others = defs.filter((d) => d !== def).map((d) => d.skill === def.skill ? `"${d.skill.fields.toolsets[d.index]}" of this skill` : `skill "${d.skill.name}" (${d.skill.source.file})`);
      const why = reserved ? `is the name of a built-in tool, so \`call\` would never reach it` : `is also defined by ${[...new Set(others)].join(", ")}, so \`call\` could not tell them apart`;
      reporter(def.skill, ctx, diagnostics)(def.index, TOOLSET_NAME_CLASH, `Tool "${name}" ${why}: rename it (e.g. prefix it with the skill's name).`);
    }
  }
  return { toolsets, diagnostics };
}
function reporter(skill, ctx, out) {
  const rc = { file: skill.source.file, profile: ctx.profile, settings: ctx.settings };
  return (index, rule4, message) => {
    const d = diagnose(rc, rule4, entryRange(skill, index), message);
    if (d) out.push(d);
  };
}
function entryRange(skill, index) {
  return skill.positions[`/toolsets/${index}`]?.value ?? skill.positions["/toolsets"]?.value ?? skill.frontmatterRange;
}
async function compileEntry(esbuild, skill, spec, report3) {
  const colon = spec.lastIndexOf(":");
  const rel = colon > 0 ? spec.slice(0, colon).trim() : "";
  const exportName = colon > 0 ? spec.slice(colon + 1).trim() : "";
  if (!rel || !/^[A-Za-z_$][\w$]*$/.test(exportName)) {
    report3(TOOLSET_EXPORT_MISSING, `Toolset entry "${spec}" must be "path:ExportName": a module path relative to the skill folder, a colon, and the name it exports.`);
    return void 0;
  }
  const resolved = resolveModule(skill, rel, spec, report3);
  if (!resolved) return void 0;
  const { real, shown } = resolved;
  let code;
  let metafile;
  try {
    const result = await esbuild.build({
      stdin: { contents: `export { ${exportName} as default } from ${JSON.stringify(real)};
`, resolveDir: skill.source.absDir, sourcefile: ENTRY_FILE, loader: "js" },
      absWorkingDir: skill.source.absDir,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      target: "es2020",
      mainFields: ["module", "main"],
      resolveExtensions: [".ts", ".mts", ".tsx", ".js", ".mjs", ".jsx", ".cjs", ".cts", ".json"],
      // Every string literal, no template literal: the code must stay on one line (one skill per line).
      supported: { "template-literal": false },
      charset: "ascii",
      legalComments: "none",
      write: false,
      metafile: true,
      logLevel: "silent"
    });
    code = result.outputFiles[0].text;
    metafile = result.metafile;
    const dynamic = result.warnings.find((w) => w.id === "unsupported-dynamic-import" || w.id === "unsupported-require-call");
    if (dynamic) {
      report3(TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}": ${where(dynamic)}${dynamic.text}; the bundle cannot include a module chosen at run time. Import it statically.`);
      return void 0;
    }
  } catch (err) {
    const errors = err.errors;
    if (!Array.isArray(errors) || errors.length === 0) {
      report3(TOOLSET_BUILD_FAILED, `Toolset "${spec}" failed to bundle: ${err.message}`);
      return void 0;
    }
    reportBuildErrors(errors, spec, exportName, shown, report3);
    return void 0;
  }
  const external = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  if (external.length > 0) {
    report3(TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}" still imports ${external.map((p) => `"${p}"`).join(", ")} after bundling; index.js must import nothing. Remove the import.`);
    return void 0;
  }
  const m = /export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?\s*$/.exec(code);
  const body = m ? code.slice(0, m.index).trim() + `return ${m[1]}` : void 0;
  if (!body || /[\n\r\u2028\u2029]/.test(body)) {
    report3(TOOLSET_BUILD_FAILED, `Toolset "${spec}": esbuild's output could not be turned into an embedded chunk (unexpected ${body ? "line break" : "export form"}). Please report this.`);
    return void 0;
  }
  let value;
  try {
    value = vm.runInNewContext(`(()=>{${body}})()`, sandbox(), { timeout: EVAL_TIMEOUT_MS, microtaskMode: "afterEvaluate", filename: shown });
  } catch (err) {
    const timedOut = err?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT";
    report3(
      TOOLSET_BUILD_FAILED,
      timedOut ? `Toolset "${spec}" did not finish evaluating within ${EVAL_TIMEOUT_MS} ms at build time; its top level must only define tools (no endless loops, no waiting).` : `Toolset "${spec}" threw when evaluated at build time: ${errorText(err)}. Its top level must only define tools; do host work inside execute().`
    );
    return void 0;
  }
  if (value === void 0) {
    report3(TOOLSET_EXPORT_MISSING, `"${shown}" does not export "${exportName}". Export the toolset under that name or fix the entry.`);
    return void 0;
  }
  const tools = checkShape(value, spec, report3);
  if (!tools) return void 0;
  return { entry: spec, file: shown, exportName, tools, body };
}
function resolveModule(skill, rel, spec, report3) {
  const p = rel.replace(/\\/g, "/");
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p) || path9.isAbsolute(rel)) {
    report3(TOOLSET_PATH_ESCAPE, `Toolset "${spec}" uses an absolute path; give a path relative to the skill folder, inside it (e.g. "toolsets/index:${spec.slice(spec.lastIndexOf(":") + 1)}").`);
    return void 0;
  }
  const norm = path9.posix.normalize(p);
  if (norm === ".." || norm.startsWith("../")) {
    report3(TOOLSET_PATH_ESCAPE, `Toolset "${spec}" points outside the skill folder ("${p}"); a skill's toolsets must live inside its folder.`);
    return void 0;
  }
  const base = path9.join(skill.source.absDir, ...norm.split("/"));
  const candidates = CODE_EXT.test(norm) ? [base] : [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path9.join(base, "index" + e))];
  const found = candidates.find((c) => {
    try {
      return fs4.statSync(c).isFile();
    } catch {
      return false;
    }
  });
  if (!found) {
    const tried = candidates.map((c) => `"${toPosix(path9.relative(skill.source.absDir, c))}"`);
    report3(TOOLSET_NOT_FOUND, `Toolset "${spec}": no module at ${tried.length > 1 ? `any of ${tried.join(", ")}` : tried[0]} in ${skill.source.dir}. Fix the path or add the file.`);
    return void 0;
  }
  let real;
  let root;
  try {
    real = fs4.realpathSync(found);
    root = fs4.realpathSync(skill.source.absDir);
  } catch (err) {
    report3(TOOLSET_NOT_FOUND, `Toolset "${spec}": cannot read "${toPosix(path9.relative(skill.source.absDir, found))}" (${err.code ?? err}).`);
    return void 0;
  }
  if (!isInside(root, real)) {
    report3(TOOLSET_PATH_ESCAPE, `Toolset "${spec}" resolves through a symlink to a file outside the skill folder; a skill's toolsets must live inside its folder.`);
    return void 0;
  }
  return { real, shown: toPosix(path9.relative(skill.source.absDir, found)) };
}
function reportBuildErrors(errors, spec, exportName, shown, report3) {
  const e = errors[0];
  const text = e.text;
  if (e.location?.file === ENTRY_FILE && /No matching export/.test(text)) {
    report3(TOOLSET_EXPORT_MISSING, `"${shown}" does not export "${exportName}". Export the toolset under that name or fix the entry.`);
    return;
  }
  const unresolved = /^Could not resolve "([^"]+)"/.exec(text);
  if (unresolved) {
    const id = unresolved[1];
    const builtin = id.startsWith("node:") || e.notes.some((n2) => /built into node/.test(n2.text));
    const at = where(e);
    const why = builtin ? `imports the Node.js built-in "${id}", which the bundle cannot include: index.js imports nothing and must run on Workers, browsers, Deno and Bun too. Use web-standard APIs or plain code instead` : /^[./]/.test(id) ? `imports "${id}", which does not exist. Fix the import path` : `imports the package "${id}", which is not installed where the build runs. Install it (it is then bundled) or remove the import`;
    report3(TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}": ${at}${why}.`);
    return;
  }
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
  report3(TOOLSET_BUILD_FAILED, `Toolset "${spec}" failed to compile: ${where(e)}${text}${more}.`);
}
function where(m) {
  const l = m.location;
  if (!l || l.file === ENTRY_FILE) return "";
  return `${toPosix(l.file)}:${l.line}:${l.column + 1}: `;
}
function errorText(err) {
  if (err && typeof err === "object" && "message" in err) {
    const name = "name" in err && typeof err.name === "string" ? err.name + ": " : "";
    return name + String(err.message);
  }
  return String(err);
}
function checkShape(value, spec, report3) {
  if (!Array.isArray(value)) {
    report3(TOOLSET_INVALID, `Toolset "${spec}" is ${value === null ? "null" : typeof value === "object" ? "an object" : `a ${typeof value}`}, not an array of tools { name, description, parameters, execute }.`);
    return void 0;
  }
  const names = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [i, t2] of value.entries()) {
    const tool = t2;
    const label2 = `Tool ${i}${tool && typeof tool === "object" && typeof tool.name === "string" ? ` ("${tool.name}")` : ""} of toolset "${spec}"`;
    const problem = !tool || typeof tool !== "object" || Array.isArray(tool) ? "must be an object { name, description, parameters, execute }" : typeof tool.name !== "string" || !TOOL_NAME.test(tool.name) ? "needs a `name` of 1-64 letters, digits, _ or - (what OpenAI and Anthropic accept)" : typeof tool.description !== "string" ? "needs a string `description`" : !isObject(tool.parameters) || tool.parameters.type !== "object" ? 'needs `parameters`: a JSON Schema object with `type: "object"`' : typeof tool.execute !== "function" ? "needs an `execute(input)` function" : "";
    if (problem) {
      report3(TOOLSET_INVALID, `${label2} ${problem}.`);
      return void 0;
    }
    const name = tool.name;
    if (seen.has(name)) {
      report3(TOOLSET_NAME_CLASH, `Toolset "${spec}" defines tool "${name}" twice; tool names must be unique.`);
      return void 0;
    }
    seen.add(name);
    names.push(name);
  }
  return names;
}
function isObject(v) {
  return !!v && typeof v === "object" && !Array.isArray(v);
}
function sandbox() {
  const noop = () => {
  };
  return vm.createContext({
    console: { log: noop, info: noop, warn: noop, error: noop, debug: noop },
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    atob,
    btoa,
    structuredClone
  });
}

// src/build.ts
function rootsFromArgs(cwd, dirs) {
  return dirs.map((dir2, i) => {
    const rel = toPosix(path10.relative(cwd, path10.resolve(cwd, dir2))) || ".";
    return { dir: rel, scope: path10.basename(path10.resolve(cwd, dir2)) || "root", precedence: i };
  });
}
async function build(opts) {
  const { cwd, config: config2 } = opts;
  const profile = opts.profile ?? config2.profile;
  const settings = { ...config2.rules, ...opts.rules };
  const outDir = path10.resolve(config2.root, config2.outDir);
  const roots = opts.roots && opts.roots.length > 0 ? rootsFromArgs(cwd, opts.roots) : configRoots(cwd, config2);
  const found = await discover(roots, { cwd, ...config2.discovery, settings, profile });
  const diagnostics = [...found.diagnostics];
  const analyzeOptions = { profile, settings, extraSchema: config2.schema, files: config2.files, readFiles: true };
  const cache = opts.cache === false ? void 0 : await AnalysisCache.open(config2.root, analysisKey(analyzeOptions));
  const analyses = await mapLimit(
    found.sources,
    16,
    (source) => analyzeSkill(source, { ...analyzeOptions, cache })
  );
  await cache?.save();
  for (const a of analyses) diagnostics.push(...a.diagnostics);
  const usable = analyses.filter((a) => a.skill && !hasErrorIn(a, a.diagnostics));
  const resolved = resolveSkills(
    usable.map((a) => a.skill),
    { collisions: config2.collisions, namespaces: config2.namespaces, settings, profile }
  );
  diagnostics.push(...resolved.diagnostics);
  const byFile = new Map(usable.map((a) => [a.source.file, a]));
  const compiled2 = resolved.skills.filter((s) => !resolved.diagnostics.some((d) => d.severity === "error" && d.file === s.source.file)).map((s) => {
    const files = byFile.get(s.source.file).files ?? [];
    return {
      ...s,
      template: compileTemplate(s.body, { dialect: config2.dialect, argumentNames: s.fields.arguments }),
      files,
      contentHash: contentHash(s.hash, files)
    };
  });
  const toolsetCtx = { profile, settings };
  const toolsets = await compileToolsets(compiled2, toolsetCtx);
  const skillDiagnostics = [...toolsets.diagnostics, ...compiled2.flatMap((s) => checkScripts(s, toolsetCtx))];
  diagnostics.push(...skillDiagnostics);
  const skills = compiled2.filter((s) => !skillDiagnostics.some((d) => d.severity === "error" && d.file === s.source.file)).map((s) => toolsets.toolsets.has(s) ? { ...s, toolsets: toolsets.toolsets.get(s) } : s);
  const emitted = await emit({
    skills,
    collisions: resolved.collisions,
    diagnostics,
    config: { ...config2, profile },
    stats: { skills: skills.length, files: skills.reduce((n2, s) => n2 + s.files.length, 0), bytes: skills.reduce((n2, s) => n2 + s.files.reduce((m, f) => m + f.bytes, 0), 0) }
  });
  diagnostics.push(...catalogDiagnostics(skills, emitted.catalogReport, { profile, settings }));
  for (const d of emitted.diagnostics) {
    const severity = effectiveSeverity(getRule(d.ruleId), { profile, settings });
    if (severity !== "off") diagnostics.push({ ...d, severity });
  }
  diagnostics.sort(compareDiagnostics);
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const failed = errors > 0 || opts.strict === true && warnings > 0;
  const write = opts.write !== false && (!failed || opts.emitOnError === true);
  if (write) await writeOutDir(outDir, emitted.files);
  return {
    diagnostics,
    skills,
    collisions: resolved.collisions,
    files: emitted.files,
    written: write,
    outDir,
    bundleBytes: emitted.bundleBytes,
    found: found.sources.length
  };
}
function hasErrorIn(a, diagnostics) {
  const prefix = a.source.dir + "/";
  return diagnostics.some((d) => d.severity === "error" && (d.file === a.source.file || d.file.startsWith(prefix)));
}
function contentHash(skillMdHash, files) {
  const hash = createHash6("sha256").update(skillMdHash);
  for (const f of files) hash.update("\0" + f.path + "\0" + f.sha256);
  return hash.digest("hex");
}
function catalogDiagnostics(skills, report3, ctx) {
  const out = [];
  const at = (name) => skills.find((s) => s.name === name);
  for (const [names, ruleId, text] of [
    [report3.shortened, "catalog-shortened", "its description was shortened to fit the catalog budget; raise catalog.budget or shorten the description"],
    [report3.dropped, "catalog-dropped", "it was left out of the catalog because names alone exceed the budget; the catalog points the model at search_skills \u2014 raise catalog.budget"]
  ]) {
    for (const name of names) {
      const skill = at(name);
      if (!skill) continue;
      const pos = skill.positions["/description"]?.key ?? skill.frontmatterRange;
      const d = diagnose({ file: skill.source.file, profile: ctx.profile, settings: ctx.settings }, getRule(ruleId), pos, `Skill "${name}": ${text}.`);
      if (d) out.push(d);
    }
  }
  return out;
}

// src/config-types.ts
var DEFAULTS = {
  sources: [{ dir: "skills", scope: "skills" }],
  outDir: ".skillc",
  profile: "skillc",
  collisions: "override",
  namespaces: false,
  dialect: "claude-code",
  catalogFormat: "xml",
  budgetChars: 16e3,
  loadFormat: "plain",
  files: { include: ["**/*"], exclude: [], maxBytes: 1e6 },
  discovery: { maxDepth: 6, maxFolders: 2e3 },
  maxBundleBytes: 25e6
};
function budgetToChars(budget) {
  if (!budget) return DEFAULTS.budgetChars;
  if ("chars" in budget) return budget.chars;
  if ("tokens" in budget) return budget.tokens * 4;
  return Math.floor(budget.contextTokens * (budget.fraction ?? 0.01) * 4);
}
function resolveDefaults(root, config2 = {}, configFile) {
  const sources = (config2.sources ?? DEFAULTS.sources).map((s) => {
    const src = typeof s === "string" ? { dir: s } : s;
    const dir2 = src.dir.replace(/\\/g, "/").replace(/\/+$/, "") || ".";
    return { dir: dir2, scope: src.scope ?? (dir2.split("/").filter((p) => p && p !== "." && p !== "..").pop() ?? "root") };
  });
  return {
    root,
    configFile,
    sources,
    outDir: config2.outDir ?? DEFAULTS.outDir,
    profile: config2.profile ?? DEFAULTS.profile,
    collisions: config2.collisions ?? DEFAULTS.collisions,
    namespaces: config2.namespaces ?? DEFAULTS.namespaces,
    dialect: config2.dialect ?? DEFAULTS.dialect,
    catalog: { format: config2.catalog?.format ?? DEFAULTS.catalogFormat, budgetChars: budgetToChars(config2.catalog?.budget) },
    loadFormat: config2.loadFormat ?? DEFAULTS.loadFormat,
    files: {
      include: config2.files?.include ?? [...DEFAULTS.files.include],
      exclude: config2.files?.exclude ?? [],
      maxBytes: config2.files?.maxBytes ?? DEFAULTS.files.maxBytes
    },
    discovery: {
      maxDepth: config2.discovery?.maxDepth ?? DEFAULTS.discovery.maxDepth,
      maxFolders: config2.discovery?.maxFolders ?? DEFAULTS.discovery.maxFolders
    },
    permissions: { allow: config2.permissions?.allow ?? [], deny: config2.permissions?.deny ?? [] },
    rules: config2.rules ?? {},
    maxBundleBytes: config2.maxBundleBytes ?? DEFAULTS.maxBundleBytes
  };
}

// ../../tmp/hdbg/prof.ts
import { mkdirSync, writeFileSync, mkdtempSync } from "node:fs";
var dir = mkdtempSync("/tmp/hdbg/p-");
mkdirSync(dir + "/skills/pdf-tools", { recursive: true });
var n = Number(process.argv[2] ?? 16e3);
writeFileSync(dir + "/skills/pdf-tools/SKILL.md", `---
name: pdf-tools
description: ok
metadata:
${Array.from({ length: n }, (_, i) => `  k${i}: v`).join("\n")}
---
Body
`);
var config = resolveDefaults(dir, {});
var t = Date.now();
if (process.argv[3] !== "build") await lint({ cwd: dir, config });
else await build({ cwd: dir, config });
console.log(process.argv[3] ?? "lint", Date.now() - t);
