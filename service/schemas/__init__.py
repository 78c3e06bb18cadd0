"""Marshmallow schemas, in three parts: ``requests`` (validated on the way in: a 400
names the field), ``responses`` (documentation: responses are plain dicts serialized
with orjson, and a test validates every one against the generated ``openapi.yaml``) and
``documents`` (the parts of the OpenAPI document written by hand)."""
