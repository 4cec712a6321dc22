# The production image: the app under gunicorn (gunicorn.conf.py: 4 workers x 2 threads), its
# static files collected at build time (hashed names, served by whitenoise), run as a user
# that owns nothing. compose.yaml runs it with PostgreSQL, Redis and Caddy (README
# "Containers"). The settings come from the environment, as in the README's production steps.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_STATIC_ROOT=/app/staticfiles

WORKDIR /app
RUN useradd --system --no-create-home --home-dir /nonexistent burraco

# the pinned requirements first: a change of code does not install them again
COPY requirements.txt ./
RUN pip install -r requirements.txt

COPY . .
# collectstatic reads no secret and no database: a throwaway key lets the settings load
RUN DJANGO_SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput -v 0

USER burraco
EXPOSE 8000
# /health/ answers any Host over plain http: 200 while the database answers
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health/', timeout=4)"]
CMD ["gunicorn", "burraco_club.wsgi", "--bind", "0.0.0.0:8000"]
