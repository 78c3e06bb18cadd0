# One image for both the API (gunicorn, gevent) and the workers (RQ).
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY domain ./domain
COPY events ./events
COPY games ./games
COPY service ./service
COPY workers ./workers
COPY bench ./bench
# /archive, /keys: the archive and its seal key's volumes (a new named volume takes its folder's owner)
RUN pip install . && useradd --system --uid 1000 macau && mkdir -m 700 /archive /keys && chown macau /archive /keys
USER macau

EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
  CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"
CMD ["macau", "api", "--host", "0.0.0.0", "--port", "8000"]
